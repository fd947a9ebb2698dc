import { describe, expect, it } from "vitest";
import { buildTimeline, type TimelineRowInput } from "./timeline";

const booking = (code: string, startMin: number, endMin: number, status = "confirmed") => ({ code, name: `Familie ${code}`, persons: 8, status, startMin, endMin, offerName: "Classic" });

describe("day timeline (issue #29 §6)", () => {
  const open = { openMin: 10 * 60, closeMin: 18 * 60 };
  const rows: TimelineRowInput[] = [
    { key: "table-1", name: "Tisch 1", capacityLabel: "10 Plätze", hours: open, closure: null, bookings: [booking("A", 600, 720), booking("B", 1020, 1140), booking("C", 720, 840, "cancelled")] },
    { key: "location-2", name: "Escape", capacityLabel: "bis 6 Spieler", hours: null, closure: null, bookings: [booking("D", 660, 700)] },
    { key: "location-3", name: "Pixel", capacityLabel: "bis 8 Spieler", hours: open, closure: "Wartung", bookings: [booking("E", 600, 620)] },
  ];
  const timeline = buildTimeline(rows);

  it("spans whole hours around the opening hours and every booking", () => {
    expect(timeline).toMatchObject({ fromMin: 600, toMin: 19 * 60, steps: 36 });
    expect(timeline.hours).toEqual([600, 660, 720, 780, 840, 900, 960, 1020, 1080]);
  });

  it("places blocks in quarter hours and leaves cancelled ones out", () => {
    expect(timeline.rows[0]!.blocks.map((b) => [b.code, b.column, b.span])).toEqual([
      ["A", 1, 8],
      ["B", 29, 8],
    ]);
    expect(timeline.rows[1]!.blocks[0]).toMatchObject({ code: "D", column: 5, span: 3 });
  });

  it("flags bookings outside the hours, on a closed day and on a closure", () => {
    expect(timeline.rows[0]!.blocks.map((b) => b.flag)).toEqual([null, "ausserhalb der Öffnungszeiten"]);
    expect(timeline.rows[1]).toMatchObject({ note: "heute geschlossen", blocks: [{ flag: "an einem geschlossenen Tag" }] });
    expect(timeline.rows[2]).toMatchObject({ note: "geschlossen: Wartung", blocks: [{ flag: "Schliessung: Wartung" }] });
    expect(timeline.flagged).toBe(3);
  });

  it("shows 09:00–18:00 for a day with nothing", () => {
    expect(buildTimeline([{ key: "t", name: "T", capacityLabel: "", hours: null, closure: null, bookings: [] }])).toMatchObject({ fromMin: 540, toMin: 1080, steps: 36 });
  });
});
