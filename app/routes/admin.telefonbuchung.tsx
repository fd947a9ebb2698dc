import { ROUNDS_SETTING_MAX } from "~/domain/games";
import { LANGS, langOr } from "~/i18n/locales";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { DataFields } from "~/components/DataFields";
import { PARTY_FIELD_NAMES, PARTY_MSG, partyDataFields } from "~/domain/party-details";
import { KeepTogether } from "~/components/KeepTogether";
import { COUNTER_CAP } from "~/domain/party-rules";
import { Page } from "~/components/Page";
import { Fragment, useEffect, useRef, useState, type FormEvent } from "react";
import { CONTACT_COUNTRIES, CONTACT_MAX_LENGTH } from "~/domain/contact";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, venueNow } from "~/domain/time";
import { isManager, requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { phoneOptions, phonePrice, phoneQuery, placePhoneBooking, type PhonePrice, type PhoneQuery } from "~/server/staff/phone-booking.server";
import { formatChf } from "~/domain/money";
import { listGameLocations, listOffers } from "~/server/booking/venue.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Telefonbuchung", [{ name: "robots", content: "noindex" }]);
/** With JavaScript the times and the price follow what staff type (issue #29 §4); without, the buttons do the same. */
export const handle = { hydrate: true };

/** Waits until typing pauses, so a number typed digit by digit asks the server once. */
const LIVE_DELAY_MS = 350;

/** A caller needs to give only a name and a phone number (issue #29 §4); the rest if they like. */
const CONTACT_FIELDS = [
  ["firstName", "Vorname", "given-name", true],
  ["lastName", "Nachname", "family-name", true],
  ["phone", "Telefon", "off", true],
  ["email", "E-Mail (optional)", "off", false],
  ["street", "Strasse und Hausnummer (optional)", "off", false],
  ["zip", "PLZ (optional)", "off", false],
  ["city", "Ort (optional)", "off", false],
] as const;

function queryString(q: PhoneQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) params.set(k, v);
  return params.toString();
}

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const q = phoneQuery(params);
  const db = await getDb();
  const [offers, locations] = await Promise.all([listOffers(db), listGameLocations(db)]);
  const asked = q.kind !== "" || q.date !== "";
  const options = asked ? await phoneOptions(db, q) : null;
  return data(
    { staff: { email: staff.email, manager: isManager(staff) }, q, query: queryString(q), today: venueNow().date, offers: offers.map((o) => ({ id: o.id, name: o.name })), locations: locations.map((l) => ({ id: l.id, name: l.name, capacity: l.capacity })), options, languages: languageChoices() },
    { status: options && !options.ok ? 400 : 200 },
  );
}

type ActionData = { error: string; values: Record<string, string>; price?: PhonePrice };

/** The family's language named for German staff («Französisch»), from the server: the family pages' list stays out of this page's script. */
function languageChoices() {
  const names = new Intl.DisplayNames("de-CH", { type: "language" });
  return LANGS.map((code) => ({ code, name: names.of(code) ?? code }));
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const db = await getDb();
  const options = await phoneOptions(db, phoneQuery(new URL(request.url).searchParams));
  const form = await request.formData();
  const values = Object.fromEntries(
    ["startMin", "couponCode", "payment", "message", "country", "lang", ...PARTY_FIELD_NAMES, ...CONTACT_FIELDS.map((f) => f[0])].map((k) => [k, String(form.get(k) ?? "").slice(0, 2100)]),
  );
  if (!options.ok) return data<ActionData>({ error: options.message, values }, { status: 400 });
  // «Preis berechnen»: the price with the voucher's part, nothing saved (issue #29 §4).
  if (form.get("intent") === "price") return data<ActionData>({ error: "", values, price: await phonePrice(db, options.slot, values.couponCode || null) });
  const startMin = /^\d{1,4}$/.test(values.startMin ?? "") ? Number(values.startMin) : NaN;
  if (!options.starts.some((s) => s.startMin === startMin)) return data<ActionData>({ error: "Bitte wählen Sie eine Zeit.", values }, { status: 400 });
  const result = await placePhoneBooking(
    db,
    {
      slot: { ...options.slot, startMin } as Parameters<typeof placePhoneBooking>[1]["slot"],
      contact: {
        firstName: values.firstName,
        lastName: values.lastName,
        street: values.street,
        zip: values.zip,
        city: values.city,
        country: values.country,
        phone: values.phone,
        email: values.email,
        message: values.message,
      },
      couponCode: values.couponCode || null,
      payment: values.payment,
      party: values,
      lang: langOr(values.lang),
    },
    staff,
  );
  if (!result.ok) return data<ActionData>({ error: result.message, values }, { status: result.status });
  return redirect(`/admin/buchungen/${encodeURIComponent(result.code)}?done=${result.outcome}`);
}

/** Staff book for a caller: step 1 (GET) what and when, step 2 (POST) the time, the caller's data and how the rest is paid. */
export default function PhoneBooking() {
  const { staff, q, query, today, offers, locations, options, languages } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const v = actionData?.values ?? {};
  const navigate = useNavigate();
  const [fetched, setFetched] = useState<{ for: string; price: PhonePrice } | null>(null);
  const stepOneTimer = useRef<ReturnType<typeof setTimeout>>();
  const priceTimer = useRef<ReturnType<typeof setTimeout>>();
  // The voucher's price is only shown for the choice it was asked for (step 1 may change meanwhile).
  const pricedFor = useRef<string | null>(null);
  const couponRef = useRef<HTMLInputElement>(null);
  useEffect(() => () => [stepOneTimer.current, priceTimer.current].forEach((t) => clearTimeout(t)), []);
  /** Step 1 changed: load the times and the price for it, as «Freie Zeiten anzeigen» would. */
  const onStepOneChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(stepOneTimer.current);
    stepOneTimer.current = setTimeout(() => {
      // A GET form: its fields are the page's query, as «Freie Zeiten anzeigen» would send them.
      const params = new URLSearchParams([...new FormData(form)].map(([k, v]) => [k, String(v)]));
      if (form.checkValidity()) navigate(`/admin/telefonbuchung?${params}`, { replace: true, preventScrollReset: true });
    }, LIVE_DELAY_MS);
  };
  /** The voucher code changed: price it on the server (nothing is redeemed), like «Preis berechnen». */
  const askPrice = (couponCode: string) => {
    clearTimeout(priceTimer.current);
    priceTimer.current = setTimeout(() => {
      pricedFor.current = query;
      const body = new FormData();
      body.set("couponCode", couponCode);
      // A failed answer leaves the last price shown; «Preis berechnen» still works.
      void fetch(`/admin/telefonbuchung/preis?${query}`, { method: "post", body })
        .then((r) => (r.ok ? (r.json() as Promise<{ price: PhonePrice }>) : null))
        .then((answer) => answer && setFetched({ for: query, price: answer.price }))
        .catch(() => undefined);
    }, LIVE_DELAY_MS);
  };
  // New times and price for another choice: a voucher code already typed is priced again for it (only when the choice, `query`, changes).
  useEffect(() => {
    const code = couponRef.current?.value.trim();
    if (code && pricedFor.current !== null && pricedFor.current !== query) askPrice(code);
  }, [query]);
  const livePrice = fetched && fetched.for === query && pricedFor.current === query ? fetched.price : null;
  return (
    <Page title="Telefonbuchung" wide>
      <AdminBar email={staff.email} manager={staff.manager} />
      <Form method="get" className="card" aria-labelledby="step1-title" onChange={onStepOneChange}>
        <h2 id="step1-title">1. Was und wann</h2>
        <fieldset className="plain-fieldset">
          <legend>Art</legend>
          <label className="inline-choice">
            <input type="radio" name="kind" value="birthday" defaultChecked={q.kind !== "game"} /> Geburtstag (Tisch)
          </label>
          <label className="inline-choice">
            <input type="radio" name="kind" value="game" defaultChecked={q.kind === "game"} /> Spiel
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="date">Datum</label>
          <input id="date" name="date" type="date" required min={today} defaultValue={q.date} />
        </div>
        <div className="search-grid">
          <fieldset className="plain-fieldset kind-birthday">
            <legend>Geburtstag</legend>
            <div className="field">
              <label htmlFor="offerId">Paket</label>
              <select id="offerId" name="offerId" defaultValue={q.offerId || String(offers[0]?.id ?? "")}>
                {offers.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
            {(
              [
                ["numChildren", "Kinder"],
                ["numActiveAdults", "Erwachsene spielend"],
                ["numAccompanyingAdults", "Erwachsene begleitend"],
              ] as const
            ).map(([name, label]) => (
              <div className="field" key={name}>
                <label htmlFor={name}>{label}</label>
                <input id={name} name={name} type="number" min="0" max={COUNTER_CAP} inputMode="numeric" defaultValue={q[name] || "0"} />
              </div>
            ))}
          </fieldset>
          <fieldset className="plain-fieldset kind-game">
            <legend>Spiel</legend>
            <div className="field">
              <label htmlFor="locationId">Spielort</label>
              <select id="locationId" name="locationId" defaultValue={q.locationId || String(locations[0]?.id ?? "")}>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name} (bis {l.capacity})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="gameType">Spielart</label>
              <select id="gameType" name="gameType" defaultValue={q.gameType || "1"}>
                <option value="1">Normales Spiel</option>
                <option value="2">Geburtstagspaket</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="rounds">Runden (total, à 20 Minuten)</label>
              <input id="rounds" name="rounds" type="number" min="1" max={ROUNDS_SETTING_MAX} inputMode="numeric" defaultValue={q.rounds || "1"} />
            </div>
            <div className="field">
              <label htmlFor="players">Spieler</label>
              <input id="players" name="players" type="number" min="1" max="30" inputMode="numeric" defaultValue={q.players || "4"} />
            </div>
          </fieldset>
        </div>
        <button type="submit" className="button button-secondary">
          Freie Zeiten anzeigen
        </button>
      </Form>

      {options && !options.ok ? (
        <p className="alert alert-error" role="alert">
          {options.message}
        </p>
      ) : null}

      {options?.ok ? (
        <Form method="post" action={`/admin/telefonbuchung?${query}`} className="card" aria-labelledby="step2-title">
          <h2 id="step2-title">2. Zeit und Kontakt ({formatDateDE(options.slot.date)})</h2>
          {options.starts.some((s) => s.available) ? (
            <fieldset className="plain-fieldset">
              <legend>Zeit</legend>
              {options.starts.some((s) => s.insideLeadTime) ? (
                <p className="muted" id="lead-note">
                  «nur telefonisch»: innerhalb der Vorlaufzeit von {options.leadHours} {options.leadHours === 1 ? "Stunde" : "Stunden"}, online nicht buchbar. Als
                  Telefonbuchung möglich.
                </p>
              ) : null}
              <div className="slot-grid">
                {options.starts.map((s) => (
                  <label key={s.startMin} className="slot">
                    <input type="radio" name="startMin" value={s.startMin} disabled={!s.available} defaultChecked={v.startMin === String(s.startMin)} required />
                    {s.label}
                    {s.available ? null : <small>{s.past ? "vorbei" : "belegt"}</small>}
                    {s.insideLeadTime ? <small>nur telefonisch</small> : null}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <p className="alert alert-warning">An diesem Tag ist nichts frei (oder geschlossen).</p>
          )}
          <div className="search-grid">
            {CONTACT_FIELDS.map(([name, label, auto, required]) => (
              <Fragment key={name}>
                <div className="field">
                  <label htmlFor={`c-${name}`}>{label}</label>
                  <input
                    id={`c-${name}`}
                    name={name}
                    type={name === "email" ? "email" : name === "phone" ? "tel" : "text"}
                    required={required}
                    maxLength={CONTACT_MAX_LENGTH[name]}
                    autoComplete={auto}
                    defaultValue={v[name] ?? ""}
                  />
                </div>
                {name === "city" ? (
                  <div className="field">
                    <label htmlFor="c-country">Land</label>
                    <select id="c-country" name="country" defaultValue={v.country || "CH"}>
                      {Object.entries(CONTACT_COUNTRIES).map(([code, country]) => (
                        <option key={code} value={code}>
                          {country}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
              </Fragment>
            ))}
          </div>
          {/* The caller's language (issue #33), stored with the booking: its payment page speaks it (the e-mails are to follow); German unless chosen. */}
          <div className="field">
            <label htmlFor="c-lang">Sprache der Familie</label>
            <select id="c-lang" name="lang" defaultValue={v.lang || "de"}>
              {languages.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="c-message">Nachricht (optional)</label>
            <textarea id="c-message" name="message" rows={2} maxLength={CONTACT_MAX_LENGTH.message} defaultValue={v.message ?? ""} />
          </div>
          {options.slot.kind === "birthday" || options.slot.gameType === 2 ? (
            <fieldset className="plain-fieldset">
              <legend>{PARTY_MSG.title}</legend>
              <DataFields fields={partyDataFields(v)} />
            </fieldset>
          ) : null}
          <PriceBox price={livePrice ?? actionData?.price ?? options.price} />
          <div className="field">
            <label htmlFor="couponCode">Gutscheincode (optional)</label>
            <div className="inline-form">
              <input
                id="couponCode"
                ref={couponRef}
                name="couponCode"
                type="text"
                className="booking-code-input"
                autoComplete="off"
                maxLength={40}
                defaultValue={v.couponCode ?? ""}
                onChange={(e) => askPrice(e.currentTarget.value.trim())}
              />
              <button type="submit" name="intent" value="price" className="button button-secondary" formNoValidate>
                Preis berechnen
              </button>
            </div>
          </div>
          <fieldset className="plain-fieldset">
            <legend>Restbetrag (was der Gutschein nicht deckt)</legend>
            <label className="inline-choice">
              <input type="radio" name="payment" value="venue" defaultChecked={v.payment !== "link" && v.payment !== "invoice"} /> vor Ort bezahlen (bleibt offen)
            </label>
            <label className="inline-choice">
              <input type="radio" name="payment" value="link" defaultChecked={v.payment === "link"} /> Zahlungslink (online bezahlen; per E-Mail, ohne E-Mail-Adresse
              zum Vorlesen oder per SMS)
            </label>
            <label className="inline-choice">
              <input type="radio" name="payment" value="invoice" defaultChecked={v.payment === "invoice"} /> Rechnung (QR-Rechnung über 30 Tage; mit E-Mail-Adresse
              per E-Mail, sonst zum Ausdrucken; für Schulen und Firmen)
            </label>
          </fieldset>
          {actionData?.error ? (
            <p className="alert alert-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" className="button">
            Buchung anlegen
          </button>
        </Form>
      ) : null}
    </Page>
  );
}

/** The price before saving: the server's lines and total, and the voucher's part once asked for. */
function PriceBox({ price }: { price: PhonePrice }) {
  return (
    <section className="price-box" aria-labelledby="price-title" aria-live="polite">
      <h3 id="price-title">Preis</h3>
      <table className="price-table">
        <tbody>
          {price.lines.map((l) => (
            <tr key={l.label}>
              <th scope="row">
                <KeepTogether text={l.label} />
              </th>
              <td className="nobreak">{formatChf(l.amountRappen)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Total</th>
            <td className="nobreak">
              <strong>{formatChf(price.priceRappen)}</strong>
            </td>
          </tr>
          {price.voucher ? (
            <>
              <tr>
                <th scope="row">Gutschein {price.voucher.code}</th>
                <td className="nobreak">{price.voucher.valid ? `− ${formatChf(price.voucher.discountRappen)}` : "–"}</td>
              </tr>
              <tr>
                <th scope="row">Zu bezahlen</th>
                <td className="nobreak">
                  <strong>{formatChf(price.amountRappen)}</strong>
                </td>
              </tr>
            </>
          ) : null}
        </tbody>
      </table>
      {price.voucher ? <p className={price.voucher.valid ? "muted" : "alert alert-error"}>{price.voucher.message}</p> : null}
    </section>
  );
}
