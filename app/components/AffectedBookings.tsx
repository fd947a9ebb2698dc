import { formatDateDE, formatTime } from "~/domain/time";
import { shortWeekday } from "~/domain/venue-settings";

/** A booking a settings change meets (closure, opening hours), with what staff need to call the family. */
export type AffectedBookingRow = { code: string; date: string; startMin: number; endMin: number; name: string; phone: string; offerName: string };

/**
 * The bookings a closure or a change of hours meets: code (to the day list), date, time, name and
 * phone (a `tel:` link: staff call the family from a phone), package.
 */
export function AffectedBookings({ bookings, caption }: { bookings: readonly AffectedBookingRow[]; caption: string }) {
  return (
    <table className="day-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Buchungscode</th>
          <th scope="col">Datum</th>
          <th scope="col">Zeit</th>
          <th scope="col">Name</th>
          <th scope="col">Paket</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((b) => (
          <tr key={b.code}>
            <td data-label="Buchungscode">
              <a href={`/admin?date=${b.date}`}>{b.code}</a>
            </td>
            <td data-label="Datum">
              {shortWeekday(b.date)}, {formatDateDE(b.date)}
            </td>
            <td data-label="Zeit">
              {formatTime(b.startMin)}–{formatTime(b.endMin)}
            </td>
            <td data-label="Name">
              {b.name}
              <br />
              <a href={`tel:${b.phone.replace(/[^+\d]/g, "")}`} className="muted phone nowrap">
                {b.phone}
              </a>
            </td>
            <td data-label="Paket">{b.offerName}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

