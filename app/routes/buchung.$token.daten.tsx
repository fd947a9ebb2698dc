import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { Page } from "~/components/Page";
import { DATA_TEXT as T } from "~/domain/guests";
import { pageMeta } from "~/domain/page-meta";
import { formatVenueInstant } from "~/domain/self-service";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { getDb } from "~/server/platform/db.server";
import { bookingDataExport, requestDeletion, retentionOf } from "~/server/privacy/privacy.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta(T.title, [{ name: "robots", content: "noindex" }]);

/** What we keep about the booking (printable), the JSON download, and the family's deletion request (issue #32 §4). */
export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const exported = await bookingDataExport(db, r);
  const retention = await retentionOf(db);
  return {
    token: params.token!,
    exported,
    requestedAt: r.deletionRequestedAt ? formatVenueInstant(r.deletionRequestedAt) : null,
    notes: [T.guestsNote(retention.guestDays), T.retentionNote(retention.bookingMonths)],
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  if (form.get("confirm") !== "1") return data({ error: T.deletionConfirmMissing }, { status: 400 });
  const result = await requestDeletion(db, r);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirect(`/buchung/${params.token}?ok=loeschung`, 303);
}

const LABELS: Record<string, string> = {
  code: "Buchungscode",
  offer: "Angebot",
  date: "Datum",
  start: "Beginn",
  status: "Status",
  createdAt: "Gebucht am",
  children: "Kinder",
  activeAdults: "Erwachsene (mitspielend)",
  accompanyingAdults: "Erwachsene (nur Begleitung)",
  players: "Spieler",
  priceChf: "Preis (CHF)",
  amountChf: "Bezahlt/zu bezahlen (CHF)",
  voucherCode: "Gutschein",
  channel: "Gebucht über",
  firstName: "Vorname",
  lastName: "Nachname",
  street: "Strasse",
  zip: "PLZ",
  city: "Ort",
  country: "Land",
  phone: "Telefon",
  email: "E-Mail",
  message: "Nachricht",
  childName: "Geburtstagskind",
  childAge: "Alter",
  notes: "Allergien / Hinweise",
};

/** Stored codes as families read them (the JSON keeps them as stored). */
const VALUES: Record<string, Record<string, string>> = {
  status: { held: "Reserviert (Zahlung offen)", confirmed: "Bestätigt", cancelled: "Storniert", expired: "Nicht zustande gekommen" },
  channel: { online: "Online", phone: "Telefonisch" },
};
const shown = (key: string, value: unknown) => {
  const text = String(value);
  if (VALUES[key]?.[text]) return VALUES[key]![text]!;
  // ISO instants (booked at) in Swiss time.
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text).toLocaleString("de-CH", { timeZone: "Europe/Zurich", dateStyle: "medium", timeStyle: "short" }) : text;
};

function Rows({ values }: { values: Record<string, unknown> }) {
  return (
    <dl>
      {Object.entries(values)
        .filter(([, v]) => v !== null && v !== "")
        .map(([k, v]) => (
          <Fragment key={k}>
            <dt>{LABELS[k] ?? k}</dt>
            <dd className="pre-line">{shown(k, v)}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

export default function BookingData() {
  const { token, exported, requestedAt, notes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const base = `/buchung/${token}`;
  return (
    <Page title={T.title}>
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card summary" aria-labelledby="data-title">
        <h2 id="data-title">{T.title}</h2>
        <p>{T.intro}</p>
        <p className="actions no-print">
          <a className="button button-secondary" href={`${base}/daten.json`} download>
            {T.download}
          </a>
        </p>
        <Rows values={exported.booking} />
        <Rows values={exported.contact} />
        <Rows values={exported.party} />
        {exported.extras.length > 0 ? (
          <ul className="systems">
            {exported.extras.map((e) => (
              <li key={`${e.name}-${e.choice}`}>
                {e.quantity} × {e.choice ? `${e.name}: ${e.choice}` : e.name} (CHF {e.unitPriceChf})
              </li>
            ))}
          </ul>
        ) : null}
        {exported.guests.length > 0 ? (
          <>
            <h3>{T.guestsTitle}</h3>
            <ul className="guest-list">
              {exported.guests.map((g, i) => (
                <li key={i}>
                  {g.child}: {[g.answer, g.allergies, g.meal, g.photos && `Fotos: ${g.photos}`, g.phone].filter(Boolean).join(" · ")}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {notes.map((n) => (
          <p key={n}>{n}</p>
        ))}
      </section>
      <section className="card" aria-labelledby="deletion-title">
        <h2 id="deletion-title">{T.deletionTitle}</h2>
        {requestedAt ? (
          <p>{T.requested(requestedAt)}</p>
        ) : (
          <>
            <p>{T.deletionIntro}</p>
            <Form method="post">
              <div className="field">
                <label className="check-row">
                  <input type="checkbox" name="confirm" value="1" />
                  <span>{T.deletionConfirm}</span>
                </label>
              </div>
              <button type="submit" className="button button-secondary">
                {T.request}
              </button>
            </Form>
          </>
        )}
      </section>
      <p className="no-print">
        <a className="button button-secondary" href={base}>
          Zurück zur Buchung
        </a>
      </p>
    </Page>
  );
}
