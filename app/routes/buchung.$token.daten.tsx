import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { Page } from "~/components/Page";
import { DATA_TEXT } from "~/domain/guests";
import { localPageMeta } from "~/domain/page-meta";
import { formatVenueInstant } from "~/domain/self-service";
import { VENUE_TIME_ZONE } from "~/domain/time";
import { LOCALE, localePath, type Lang } from "~/i18n/locales";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { requestLang } from "~/server/i18n/request.server";
import { localizeIn, t, texts } from "~/server/i18n/texts.server";
import { getDb } from "~/server/platform/db.server";
import { bookingDataExport, requestDeletion, retentionOf } from "~/server/privacy/privacy.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? DATA_TEXT.title, [{ name: "robots", content: "noindex" }]);
export const handle: RouteHandle = { translated: true };

/** The stored fields the page shows, each with its label in the page's words (the JSON keeps the keys). */
const LABEL_KEYS = [
  "code",
  "offer",
  "date",
  "start",
  "status",
  "createdAt",
  "children",
  "activeAdults",
  "accompanyingAdults",
  "players",
  "priceChf",
  "amountChf",
  "voucherCode",
  "channel",
  "firstName",
  "lastName",
  "street",
  "zip",
  "city",
  "country",
  "phone",
  "email",
  "message",
  "childName",
  "childAge",
  "notes",
] as const;

/** A moment (the deletion request) in venue time: `Mittwoch, 3. Dezember 2026, 14:00 Uhr` as before in German. */
function instantIn(lang: Lang, instant: Date): string {
  if (lang === "de") return formatVenueInstant(instant);
  const date = new Intl.DateTimeFormat(LOCALE[lang], { timeZone: VENUE_TIME_ZONE, weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(instant);
  const time = new Intl.DateTimeFormat(LOCALE[lang], { timeZone: VENUE_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
  return t(lang, "guestsData", "instant", { date, time });
}

/** What we keep about the booking (printable), the JSON download, and the family's deletion request (issue #32 §4). */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const exported = await bookingDataExport(db, r);
  const retention = await retentionOf(db);
  const T = texts(lang, "guestsData");
  // The guests' answers as the export has them (German words, as the host list's), in the page's language.
  const guestLines = exported.guests.map((g) => {
    const photos = g.photos ? t(lang, "guestsData", "photos", { answer: localizeIn(lang, "guestsHost", g.photos) }) : "";
    const details = [localizeIn(lang, "guestsHost", g.answer), g.allergies, g.meal, photos, g.phone].filter(Boolean).join(" · ");
    return t(lang, "guestsData", "guestLine", { child: g.child, details });
  });
  return {
    t: T,
    base: localePath(lang, `/buchung/${params.token!}`),
    // The file is the same in every language (stored keys and codes).
    download: `/buchung/${params.token!}/daten.json`,
    locale: LOCALE[lang],
    // What the venue typed (the offer's and the extras' names) stays as typed: marked German on a page in another language.
    venueLang: lang === "de" ? undefined : "de-CH",
    labels: Object.fromEntries(LABEL_KEYS.map((key) => [key, T[key]])) as Record<string, string>,
    // Stored codes as families read them (the JSON keeps them as stored).
    values: {
      status: { held: T.statusHeld, confirmed: T.statusConfirmed, cancelled: T.statusCancelled, expired: T.statusExpired },
      channel: { online: T.channelOnline, phone: T.channelPhone },
    } as Record<string, Record<string, string>>,
    exported: { booking: exported.booking, contact: exported.contact, party: exported.party, extras: exported.extras },
    guestLines,
    requested: r.deletionRequestedAt ? t(lang, "guestsData", "requested", { at: instantIn(lang, r.deletionRequestedAt) }) : null,
    notes: [t(lang, "guestsData", "guestsNote", { days: retention.guestDays }), t(lang, "guestsData", "retentionNote", { months: retention.bookingMonths })],
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const form = await request.formData();
  if (form.get("confirm") !== "1") return data({ error: t(lang, "guestsData", "deletionConfirmMissing") }, { status: 400 });
  const result = await requestDeletion(db, r);
  if (!result.ok) return data({ error: localizeIn(lang, "guestsData", result.message) }, { status: result.status });
  return redirect(localePath(lang, `/buchung/${params.token}?ok=loeschung`), 303);
}

type Shown = { labels: Record<string, string>; values: Record<string, Record<string, string>>; locale: string; venueLang: string | undefined };

/** Fields holding the venue's own words. */
const VENUE_WORDS = new Set(["offer"]);

const shown = (key: string, value: unknown, { values, locale }: Shown) => {
  const text = String(value);
  if (values[key]?.[text]) return values[key]![text]!;
  // ISO instants (booked at) in Swiss time.
  return /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text).toLocaleString(locale, { timeZone: "Europe/Zurich", dateStyle: "medium", timeStyle: "short" }) : text;
};

function Rows({ values, words }: { values: Record<string, unknown>; words: Shown }) {
  return (
    <dl>
      {Object.entries(values)
        .filter(([, v]) => v !== null && v !== "")
        .map(([k, v]) => (
          <Fragment key={k}>
            <dt>{words.labels[k] ?? k}</dt>
            <dd className="pre-line" lang={VENUE_WORDS.has(k) ? words.venueLang : undefined}>
              {shown(k, v, words)}
            </dd>
          </Fragment>
        ))}
    </dl>
  );
}

export default function BookingData() {
  const { t: T, base, download, labels, values, locale, venueLang, exported, guestLines, requested, notes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const words = { labels, values, locale, venueLang };
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
          <a className="button button-secondary" href={download} download>
            {T.download}
          </a>
        </p>
        <Rows values={exported.booking} words={words} />
        <Rows values={exported.contact} words={words} />
        <Rows values={exported.party} words={words} />
        {exported.extras.length > 0 ? (
          <ul className="systems">
            {exported.extras.map((e) => (
              <li key={`${e.name}-${e.choice}`} lang={venueLang}>
                {e.quantity} × {e.choice ? `${e.name}: ${e.choice}` : e.name} (CHF {e.unitPriceChf})
              </li>
            ))}
          </ul>
        ) : null}
        {guestLines.length > 0 ? (
          <>
            <h3>{T.guestsTitle}</h3>
            <ul className="guest-list">
              {guestLines.map((line, i) => (
                <li key={i}>{line}</li>
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
        {requested ? (
          <p>{requested}</p>
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
                {T.deletionTitle}
              </button>
            </Form>
          </>
        )}
      </section>
      <p className="no-print">
        <a className="button button-secondary" href={base}>
          {T.back}
        </a>
      </p>
    </Page>
  );
}
