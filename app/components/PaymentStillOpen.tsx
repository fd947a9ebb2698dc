import { DevBadge } from "./DevBadge";
import { Page } from "./Page";

export const STILL_OPEN_TITLE = "Zahlung noch offen";

const TEXT = {
  title: STILL_OPEN_TITLE,
  body: "Beim Zahlungsanbieter ist Ihre Zahlung noch nicht abgebrochen. Ihr Termin bleibt für Sie reserviert, bis Sie die Zahlung abschliessen oder abbrechen.",
  resume: "Zahlung fortsetzen",
  abandon: "Zahlung abbrechen",
} as const;

/**
 * The cancel or error return page opened while the provider still has the payment open (a GET
 * changes nothing there, see payments/payment-return.server): go back to the provider, or give the
 * payment up with a POST.
 */
export function PaymentStillOpen({ devMode, transactionId, paymentUrl }: { devMode: boolean; transactionId: string; paymentUrl: string | null }) {
  return (
    <Page title={TEXT.title}>
      <DevBadge show={devMode} />
      <div className="card">
        <p>{TEXT.body}</p>
        <form method="post" className="actions">
          <input type="hidden" name="datatransTrxId" value={transactionId} />
          {paymentUrl ? (
            <a className="button" href={paymentUrl}>
              {TEXT.resume}
            </a>
          ) : null}
          <button type="submit" className="button button-secondary">
            {TEXT.abandon}
          </button>
        </form>
      </div>
    </Page>
  );
}
