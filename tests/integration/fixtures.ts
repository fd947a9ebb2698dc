import type { Contact } from "~/domain/contact";
import { addDays, venueNow, weekdayOf } from "~/domain/time";

export const CONTACT: Contact = {
  firstName: "Anna",
  lastName: "Muster",
  street: "Bahnhofstrasse 1",
  zip: "8001",
  city: "Zürich",
  country: "CH",
  phone: "044 123 45 67",
  email: "anna@example.ch",
  message: null,
};

/** The next date (at least a week ahead) falling on the given weekday, venue time. */
export function nextWeekday(weekday: number, from: Date = new Date()): string {
  let date = addDays(venueNow(from).date, 7);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}
