import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { ProblemAlert } from "~/components/ProblemAlert";
import { formatDifference } from "~/domain/booking-change";
import { adjustFieldValue, correctionMoneyLines, extraFieldsOf, parseCorrection, ADJUST_REASON_MAX } from "~/domain/correction-form";
import { DataSection } from "~/components/DataFields";
import type { ExtraProblem } from "~/domain/extras";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, formatTime } from "~/domain/time";
import { getDb } from "~/server/platform/db.server";
import { isManager, requireSameOrigin, requireStaff } from "~/server/staff/auth.server";
import { correctBooking, correctionForm } from "~/server/staff/booking-correction.server";

/** Staff pages: never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const meta: MetaFunction = () => pageMeta("Buchung korrigieren", [{ name: "robots", content: "noindex" }]);

/** What the form shows again after a quote, an error or «Angaben ändern»: exactly what staff typed. */
type Values = { numChildren?: string; numActiveAdults?: string; numAccompanyingAdults?: string; offerId?: string; adjust: string; adjustReason: string } & Record<string, string | undefined>;

function valuesOf(form: FormData): Values {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 400) : undefined;
  };
  return {
    numChildren: text("numChildren"),
    numActiveAdults: text("numActiveAdults"),
    numAccompanyingAdults: text("numAccompanyingAdults"),
    offerId: text("offerId"),
    adjust: text("adjust") ?? "",
    adjustReason: text("adjustReason") ?? "",
    // The extras' counts (issue #30 §2) travel with the quote like the other fields.
    ...(extraFieldsOf(form) ? { extrasShown: "1", ...extraFieldsOf(form) } : {}),
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const who = { email: staff.email, manager: isManager(staff) };
  const page = await correctionForm(await getDb(), params.code ?? "");
  if (!page) return data({ staff: who, problem: "Keine Buchung mit diesem Code.", page: null }, { status: 404 });
  if (page.problem) return data({ staff: who, problem: page.problem, page: null }, { status: 409 });
  const b = page.booking;
  return {
    staff: who,
    problem: null,
    page: {
      kind: page.kind,
      offers: page.offers,
      extras: page.extras,
      booking: {
        code: b.code,
        date: b.date,
        startMin: b.startMin,
        endMin: b.endMin,
        offerId: b.offerId,
        offerName: b.offerName,
        numChildren: b.numChildren,
        numActiveAdults: b.numActiveAdults,
        numAccompanyingAdults: b.numAccompanyingAdults,
        players: b.players,
        priceRappen: b.priceRappen,
        priceAdjustRappen: b.priceAdjustRappen,
        priceAdjustReason: b.priceAdjustReason,
        paidOnline: b.paymentStatus !== "none",
        email: b.email,
      },
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const values = valuesOf(form);
  const parsed = parseCorrection(form);
  if (!parsed.ok) return data({ error: parsed.message, values, quote: null }, { status: 400 });
  const { request: asked } = parsed;
  if (asked.intent === "edit") return data({ error: null, values, quote: null });
  const code = (params.code ?? "").toUpperCase();
  const result = await correctBooking(await getDb(), code, asked, staff);
  if (!result.ok) return data({ error: result.message, values, quote: null, problems: result.problems ?? [] }, { status: result.status });
  if (result.kind === "quote") return data({ error: result.message, values, quote: result.quote });
  const done = !asked.notify || !result.booking.email ? "corrected-silent" : result.refund === "manual" ? "corrected-refund-manual" : result.refund === "pending" ? "corrected-refund-pending" : "corrected";
  const voucher = result.voucherCode ? `&gutschein=${encodeURIComponent(result.voucherCode)}` : "";
  return redirect(`/admin/buchungen/${encodeURIComponent(code)}?done=${done}${voucher}#zahlung`, { status: 303 });
}

function persons(c: { numChildren: number; numActiveAdults: number; numAccompanyingAdults: number }): string {
  return `${c.numChildren} Kinder, ${c.numActiveAdults} Erw. spielend, ${c.numAccompanyingAdults} Erw. begleitend`;
}

function adjustText(rappen: number): string {
  if (rappen === 0) return "keine";
  return `${rappen < 0 ? "Rabatt" : "Zuschlag"} ${formatChf(Math.abs(rappen))}`;
}

export default function CorrectBookingPage() {
  const { staff, problem, page } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!page) {
    return (
      <Page title="Buchung korrigieren">
        <AdminBar email={staff.email} manager={staff.manager} />
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
        <p>
          <a href="/admin/buchungen">Zur Suche</a>
        </p>
      </Page>
    );
  }
  const { booking, offers, kind } = page;
  const detail = `/admin/buchungen/${encodeURIComponent(booking.code)}`;
  const values = result?.values;
  const quote = result?.quote ?? null;
  const birthday = kind === "birthday";
  const hidden = values ? (
    <>
      {Object.entries(values).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
    </>
  ) : null;

  if (quote) {
    const s = quote.settlement;
    const more = s.payOnlineRappen + Math.max(0, s.openBalanceDeltaRappen);
    const back = s.refundRappen + s.voucherIssueRappen;
    return (
      <Page title={`Buchung ${booking.code} korrigieren`}>
        <AdminBar email={staff.email} manager={staff.manager} />
        <p className="no-print">
          <a href={detail}>‹ Zurück zur Buchung {booking.code}</a>
        </p>
        {result?.error ? (
          <p role="alert" className="alert alert-warning">
            {result.error}
          </p>
        ) : null}
        <section className="card" aria-labelledby="quote-title">
          <h2 id="quote-title">Änderung prüfen</h2>
          <table className="compare-table">
            <caption className="visually-hidden">Bisher und neu</caption>
            <thead>
              <tr>
                <th scope="col">Angabe</th>
                <th scope="col">Bisher</th>
                <th scope="col">Neu</th>
              </tr>
            </thead>
            <tbody>
              {birthday ? (
                <>
                  <tr>
                    <th scope="row">Paket</th>
                    <td data-label="Bisher">{quote.before.offerName}</td>
                    <td data-label="Neu">{quote.after.offerName}</td>
                  </tr>
                  <tr>
                    <th scope="row">Personen</th>
                    <td data-label="Bisher">{persons(quote.before.counts)}</td>
                    <td data-label="Neu">{persons(quote.after.counts)}</td>
                  </tr>
                  {quote.after.endMin !== quote.before.endMin ? (
                    <tr>
                      <th scope="row">Zeit</th>
                      <td data-label="Bisher">
                        {formatTime(quote.before.startMin)}–{formatTime(quote.before.endMin)}
                      </td>
                      <td data-label="Neu">
                        {formatTime(quote.after.startMin)}–{formatTime(quote.after.endMin)}
                      </td>
                    </tr>
                  ) : null}
                </>
              ) : null}
              <tr>
                <th scope="row">Preisanpassung</th>
                <td data-label="Bisher">{adjustText(quote.before.priceAdjustRappen)}</td>
                <td data-label="Neu">{adjustText(quote.after.priceAdjustRappen)}</td>
              </tr>
              <tr>
                <th scope="row">Preis</th>
                <td data-label="Bisher" className="nobreak">{formatChf(quote.before.priceRappen)}</td>
                <td data-label="Neu" className="nobreak">{formatChf(quote.after.priceRappen)}</td>
              </tr>
              <tr>
                <th scope="row">Differenz</th>
                <td className="compare-empty"></td>
                <td data-label="Neu" className="nobreak">
                  <strong>{formatDifference(s.differenceRappen)}</strong>
                </td>
              </tr>
            </tbody>
          </table>
          <ul className="correction-money">
            {correctionMoneyLines(s, quote.voucherCode).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Form method="post">
            {hidden}
            <input type="hidden" name="expectPrice" value={String(quote.after.priceRappen)} />
            <input type="hidden" name="notifyShown" value="1" />
            {quote.paid === "online" && more > 0 ? (
              <fieldset>
                <legend>Mehrbetrag von {formatChf(more)}</legend>
                <p className="field-check">
                  <input type="radio" id="increase-venue" name="increase" value="venue" defaultChecked />
                  <label htmlFor="increase-venue">Als offener Betrag: am Empfang oder per Zahlungslink (in Tagesliste und Export)</label>
                </p>
              </fieldset>
            ) : null}
            {quote.paid === "online" && back > 0 ? (
              <fieldset>
                <legend>Rückzahlung von {formatChf(back)}</legend>
                <p className="field-check">
                  <input type="radio" id="decrease-refund" name="decrease" value="refund" defaultChecked={s.voucherIssueRappen === 0} />
                  <label htmlFor="decrease-refund">Zurück auf das Zahlungsmittel der Familie</label>
                </p>
                <p className="field-check">
                  <input type="radio" id="decrease-voucher" name="decrease" value="voucher" defaultChecked={s.voucherIssueRappen > 0} />
                  <label htmlFor="decrease-voucher">Als neuer Gutschein (Code in der E-Mail an die Familie)</label>
                </p>
              </fieldset>
            ) : null}
            {booking.email ? (
              <label className="check-row" htmlFor="correct-notify">
                <input type="checkbox" id="correct-notify" name="notify" value="1" defaultChecked />
                Familie benachrichtigen (E-Mail an {booking.email} mit aktualisiertem Kalendereintrag)
              </label>
            ) : (
              <p className="muted">Keine E-Mail-Adresse hinterlegt: bitte die Familie anrufen.</p>
            )}
            <p className="actions">
              <button type="submit" className="button" name="intent" value="save">
                Änderung speichern
              </button>{" "}
              <button type="submit" className="button button-secondary" name="intent" value="edit">
                Angaben ändern
              </button>
            </p>
          </Form>
        </section>
      </Page>
    );
  }

  const v = (name: keyof Values, current: string) => values?.[name] ?? current;
  // Only an answer about the extras carries problems (each with its field's anchor).
  const problems: ExtraProblem[] = (result as { problems?: ExtraProblem[] } | undefined)?.problems ?? [];
  return (
    <Page title={`Buchung ${booking.code} korrigieren`}>
      <AdminBar email={staff.email} manager={staff.manager} />
      <p className="no-print">
        <a href={detail}>‹ Zurück zur Buchung {booking.code}</a>
      </p>
      <p>
        {formatDateDE(booking.date)}, {formatTime(booking.startMin)}–{formatTime(booking.endMin)} Uhr, {booking.offerName}, Preis{" "}
        <span className="nobreak">{formatChf(booking.priceRappen)}</span> ({booking.paidOnline ? "online bezahlt" : "vor Ort zu bezahlen"}). Vor dem Speichern sehen
        Sie den neuen Preis und wohin das Geld geht. Datum, Zeit und Tisch ändern Sie unter{" "}
        <a href={`${detail}/verschieben`}>Verschieben</a>.
      </p>
      {result?.error ? <ProblemAlert message={result.error} problems={problems} /> : null}
      <Form method="post" className="card" noValidate>
        {birthday ? (
          <>
            <p className="field">
              <label htmlFor="correct-offer">Paket</label>
              <select id="correct-offer" name="offerId" defaultValue={v("offerId", String(booking.offerId ?? ""))}>
                {offers.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                    {o.id === booking.offerId ? " – bisher" : ""}
                  </option>
                ))}
              </select>
            </p>
            <fieldset className="counts-row">
              <legend>Personen</legend>
              {(
                [
                  ["numChildren", "Kinder", booking.numChildren],
                  ["numActiveAdults", "Erwachsene spielend", booking.numActiveAdults],
                  ["numAccompanyingAdults", "Erwachsene begleitend", booking.numAccompanyingAdults],
                ] as const
              ).map(([name, label, current]) => (
                <p className="field" key={name}>
                  <label htmlFor={`correct-${name}`}>{label}</label>
                  <input id={`correct-${name}`} name={name} type="number" inputMode="numeric" min={0} max={99} defaultValue={v(name, String(current))} />
                </p>
              ))}
            </fieldset>
            {page.extras ? (
              <>
                <input type="hidden" name="extrasShown" value="1" />
                <DataSection section={page.extras} typed={values ?? {}} problemOf={(field) => problems.find((p) => p.field === field)?.message} />
              </>
            ) : null}
          </>
        ) : (
          <p>
            Spiel mit {booking.players} Spielern: Spieler und Runden bleiben; den Spielort ändern Sie unter Verschieben.
          </p>
        )}
        <p className="field">
          <label htmlFor="correct-adjust">Preisanpassung in CHF (negativ = Rabatt, z. B. -20; leer = keine)</label>
          <input id="correct-adjust" name="adjust" type="text" inputMode="decimal" autoComplete="off" defaultValue={v("adjust", adjustFieldValue(booking.priceAdjustRappen))} />
        </p>
        <p className="field">
          <label htmlFor="correct-reason">Grund der Preisanpassung (steht in der E-Mail an die Familie)</label>
          <input id="correct-reason" name="adjustReason" type="text" maxLength={ADJUST_REASON_MAX} defaultValue={v("adjustReason", booking.priceAdjustReason ?? "")} />
        </p>
        <p className="actions">
          <button type="submit" className="button" name="intent" value="quote">
            Änderung prüfen
          </button>{" "}
          <a className="button button-secondary" href={detail}>
            Abbrechen
          </a>
        </p>
      </Form>
    </Page>
  );
}
