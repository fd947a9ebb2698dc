/**
 * The day as a timeline for staff (issue #29 §6): tables and game locations as rows, the day's hours
 * as columns, each booking a block. Pure: the server gives the bookings, the opening hours and the
 * closures of each row; this places the blocks (in quarter hours) and flags what should not be there.
 */

export const TIMELINE_STEP_MIN = 15;

export type TimelineBooking = { code: string; name: string; persons: number; status: string; startMin: number; endMin: number; offerName: string };

/** `hours`: the row's opening hours that day (null: closed for its kind); `closure`: a closure's reason. */
export type TimelineRowInput = { key: string; name: string; capacityLabel: string; hours: { openMin: number; closeMin: number } | null; closure: string | null; bookings: TimelineBooking[] };

export type TimelineBlock = TimelineBooking & { flag: string | null; column: number; span: number };
export type TimelineRow = { key: string; name: string; capacityLabel: string; note: string | null; blocks: TimelineBlock[] };
export type Timeline = { fromMin: number; toMin: number; steps: number; hours: number[]; rows: TimelineRow[]; flagged: number };

function flagOf(b: TimelineBooking, row: TimelineRowInput): string | null {
  if (row.closure !== null) return `Schliessung: ${row.closure}`;
  if (row.hours === null) return "an einem geschlossenen Tag";
  if (b.startMin < row.hours.openMin || b.endMin > row.hours.closeMin) return "ausserhalb der Öffnungszeiten";
  return null;
}

/** Whole hours around the opening hours and every booking (09:00–18:00 on an empty, closed day). */
export function buildTimeline(inputs: readonly TimelineRowInput[]): Timeline {
  const edges: number[] = [];
  for (const row of inputs) {
    if (row.hours) edges.push(row.hours.openMin, row.hours.closeMin);
    for (const b of row.bookings) edges.push(b.startMin, b.endMin);
  }
  const fromMin = edges.length > 0 ? Math.floor(Math.min(...edges) / 60) * 60 : 9 * 60;
  const toMin = edges.length > 0 ? Math.max(fromMin + 60, Math.ceil(Math.max(...edges) / 60) * 60) : 18 * 60;
  const hours: number[] = [];
  for (let h = fromMin; h < toMin; h += 60) hours.push(h);
  let flagged = 0;
  const rows = inputs.map((row) => {
    const blocks = row.bookings
      .filter((b) => b.status !== "cancelled" && b.status !== "expired")
      .map((b) => {
        const flag = flagOf(b, row);
        if (flag) flagged++;
        const column = Math.floor((b.startMin - fromMin) / TIMELINE_STEP_MIN) + 1;
        const span = Math.max(1, Math.ceil((b.endMin - b.startMin) / TIMELINE_STEP_MIN));
        return { ...b, flag, column, span };
      });
    const note = row.closure !== null ? `geschlossen: ${row.closure}` : row.hours === null ? "heute geschlossen" : null;
    return { key: row.key, name: row.name, capacityLabel: row.capacityLabel, note, blocks };
  });
  return { fromMin, toMin, steps: (toMin - fromMin) / TIMELINE_STEP_MIN, hours, rows, flagged };
}
