import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import type { RefundChoice } from "~/domain/cancellation-terms";
import { CANCEL_MAX_LENGTH } from "~/domain/cancel-form";
import { formatChf } from "~/domain/money";
import { reservationTypeLabel } from "~/domain/reservation-types";
import type { CancelPreview, CancelResponse } from "~/server/staff/cancellation.server";
import { KeepTogether } from "./KeepTogether";

/** Spec §6's rows of the result card, shown in the preview too: which booking and whose. */
function CustomerRows({ result }: { result: CancelResponse }) {
  return (
    <>
      <dt>Buchungscode</dt>
      <dd>{result.bookingCode}</dd>
      <dt>System</dt>
      <dd>{reservationTypeLabel(result.reservationType)}</dd>
      <dt>Kunde</dt>
      <dd>{result.customerName}</dd>
      <dt>E-Mail</dt>
      <dd>{result.customerEmail}</dd>
    </>
  );
}

/** The second step's fields, as the JS path sends them to the cancel API. */
export type StornoConfirm = { refund: RefundChoice | undefined; note: string; expectOnlineRappen: number; expectVoucherRappen: number; expectFeePercent: number };

/**
 * The storno page's first answer (issue #29 §1): whose party it is and what each refund choice gives
 * back; only «Jetzt stornieren» cancels. A plain form post without JavaScript; with it the page
 * sends the same fields to the cancel API.
 */
export function StornoPreviewCard({
  result,
  preview,
  reason,
  busy,
  onConfirm,
}: {
  result: CancelResponse;
  preview: CancelPreview;
  reason: string;
  busy: boolean;
  onConfirm?: (values: StornoConfirm) => void;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    if (!onConfirm) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const refund = form.get("refund");
    onConfirm({
      refund: refund === "full" || refund === "fee" || refund === "none" ? refund : undefined,
      note: String(form.get("note") ?? ""),
      expectOnlineRappen: preview.paidOnlineRappen,
      expectVoucherRappen: preview.voucherRappen,
      expectFeePercent: preview.feePercent,
    });
  }
  return (
    <section className="card result-card" aria-labelledby="preview-title">
      <h2 id="preview-title" tabIndex={-1}>
        Stornierung prüfen
      </h2>
      {result.success ? null : (
        <div className="alert alert-error" role="alert">
          <KeepTogether text={result.message} />
        </div>
      )}
      <p>Noch ist nichts storniert. Bitte prüfen Sie, ob es die richtige Buchung ist.</p>
      <dl>
        <CustomerRows result={result} />
        <dt>Datum, Zeit</dt>
        <dd>
          <span className="nobreak">{preview.date}</span>, <span className="nobreak">{preview.time}</span>
        </dd>
        <dt>Paket</dt>
        <dd>{preview.offerName}</dd>
        <dt>Personen</dt>
        <dd>{preview.persons}</dd>
        <dt>Online bezahlt</dt>
        <dd className="nobreak">{formatChf(preview.paidOnlineRappen)}</dd>
        {preview.voucherCode ? (
          <>
            <dt>Gutschein</dt>
            <dd>
              {preview.voucherCode} · <span className="nobreak">{formatChf(preview.voucherRappen)}</span>
            </dd>
          </>
        ) : null}
        <dt>Grund (geht an die Familie)</dt>
        <dd>{reason.trim() ? `«${reason.trim()}»` : "kein Grund angegeben"}</dd>
      </dl>
      <p className={preview.free ? "alert alert-info" : "alert alert-warning"}>
        {preview.free
          ? `Kostenlos stornierbar (AGB §4) bis ${preview.deadline}.`
          : `Die Frist für eine kostenlose Stornierung ist abgelaufen (${preview.deadline}). AGB §4: ${
              preview.feePercent >= 100 ? "keine Rückerstattung" : `Stornogebühr ${preview.feePercent} %`
            }.`}
      </p>
      <Form method="post" onSubmit={onConfirm ? submit : undefined}>
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="bookingCode" value={result.bookingCode} />
        <input type="hidden" name="reason" value={reason} />
        <input type="hidden" name="expectOnlineRappen" value={preview.paidOnlineRappen} />
        <input type="hidden" name="expectVoucherRappen" value={preview.voucherRappen} />
        <input type="hidden" name="expectFeePercent" value={preview.feePercent} />
        {preview.options.length > 0 ? (
          <fieldset className="plain-fieldset">
            <legend>Rückerstattung</legend>
            {preview.options.map((o) => (
              <div key={o.choice} className="refund-option">
                <label className="check-row" htmlFor={`refund-${o.choice}`}>
                  <input type="radio" id={`refund-${o.choice}`} name="refund" value={o.choice} defaultChecked={o.choice === preview.recommended} />
                  <span>
                    <strong>{o.label}</strong>
                    {o.choice === preview.recommended ? " (gemäss AGB)" : null}
                    <br />
                    <span className="muted">
                      <KeepTogether text={o.detail} />
                    </span>
                  </span>
                </label>
              </div>
            ))}
          </fieldset>
        ) : (
          <p className="muted">Es wurde nichts online oder mit einem Gutschein bezahlt: Es gibt nichts zurückzuerstatten.</p>
        )}
        <div className="field">
          <label htmlFor="note">Interne Notiz (optional, nur für das Team)</label>
          <textarea id="note" name="note" rows={2} maxLength={CANCEL_MAX_LENGTH.note} aria-describedby="note-hint" />
          <p className="muted field-hint" id="note-hint">
            Erscheint nur im Verlauf der Buchung, nicht in der E-Mail an die Familie.
          </p>
        </div>
        <div className="actions">
          <a href="/admin/storno" className="button button-secondary">
            Abbrechen
          </a>
          <button type="submit" className="button" disabled={busy}>
            Jetzt stornieren
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Spec §6: the result after cancelling (or the error), plus what happened to the money. */
export function StornoResultCard({ result }: { result: CancelResponse }) {
  if (!result.success) {
    return (
      <div className="alert alert-error" role="alert">
        <KeepTogether text={result.message} />
      </div>
    );
  }
  const chf = (amount: number | undefined) => formatChf(Math.round((amount ?? 0) * 100));
  return (
    <section className="card result-card" aria-labelledby="result-title">
      <div className="alert alert-success" role="status">
        <KeepTogether text={result.message} />
      </div>
      <h2 id="result-title">Stornierte Reservierung</h2>
      <dl>
        <CustomerRows result={result} />
        {result.feeKept ? (
          <>
            <dt>Stornogebühr einbehalten</dt>
            <dd className="nobreak">{chf(result.feeKept)}</dd>
          </>
        ) : null}
      </dl>
      {result.refund === "manual" ? (
        <p className="alert alert-warning">Rückerstattung fehlgeschlagen: Bitte erstatten Sie {chf(result.refundAmount)} manuell.</p>
      ) : result.refund === "pending" ? (
        <p className="alert alert-info">
          Rückerstattung von {chf(result.refundAmount)} in Bearbeitung: Der Zahlungsanbieter hat noch nicht geantwortet. Sie wird automatisch erneut angefragt –
          bitte nicht manuell erstatten.
        </p>
      ) : null}
      {result.hasCoupon && result.couponRestored ? (
        <p className="alert alert-info">
          Gutscheincode: <strong>{result.couponCode}</strong> · Betrag:{" "}
          <strong className="nobreak">{chf(result.couponCredited ?? result.couponAmount)}</strong> · dem Gutschein wieder gutgeschrieben (AGB §5)
        </p>
      ) : result.hasCoupon && result.feeKept ? (
        <p className="alert alert-info">
          Gutscheincode: <strong>{result.couponCode}</strong> · Betrag: <strong className="nobreak">{chf(result.couponAmount)}</strong> · als Stornogebühr
          einbehalten, nicht gutgeschrieben
        </p>
      ) : result.hasCoupon ? (
        <div className="alert alert-warning">
          <p>Achtung: Bei dieser Buchung wurde ein Gutschein eingelöst. Der Betrag muss im Gutscheinsystem manuell wiederhergestellt werden.</p>
          <p>
            Gutscheincode: <strong>{result.couponCode}</strong> · Betrag: <strong className="nobreak">CHF {(result.couponAmount ?? 0).toFixed(2)}</strong>
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="bookingCode" value={result.bookingCode} />
            <button type="submit" className="button button-secondary button-small">
              Gutschein wiederherstellen
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
