/** Spec §3: the systems a booking code can belong to, as staff read them. */
export const RESERVATION_TYPE_LABELS: Record<string, string> = {
  BIRTHDAY_PARTY: "Geburtstagsfeier",
  ESCAPE_ROOM_ADULT: "Escape Room (Erwachsene)",
  ESCAPE_ROOM_KIDS: "Escape Room (Kinder)",
  // The spec names no label for these two; staff read the same words as in the systems note below the form.
  PIXEL_GAMES: "Pixel Games",
  MIND_GOLF: "Mind Golf",
  TICKET_SHOP: "Ticket-Shop",
};

/** An unknown type is shown as given; a missing one as `Unknown`. */
export function reservationTypeLabel(type: string | null | undefined): string {
  if (type === null || type === undefined || type === "") return "Unknown";
  return RESERVATION_TYPE_LABELS[type] ?? type;
}

/** The note on the staff page: which systems this page can cancel. */
export const SUPPORTED_SYSTEMS: { label: string; supported: boolean }[] = [
  { label: "Geburtstagsfeier", supported: true },
  { label: "Escape Room (Erwachsene)", supported: true },
  { label: "Escape Room (Kinder)", supported: true },
  { label: "Pixel Games", supported: true },
  { label: "Mind Golf", supported: true },
  { label: "Ticket-Shop", supported: false },
];
