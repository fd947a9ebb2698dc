import { DevBadge } from "./DevBadge";
import { Page } from "./Page";

/**
 * The cancel or error return page opened while the provider still has the payment open (a GET
 * changes nothing there, see payments/payment-return.server): go back to the provider, or give the
 * payment up with a POST (to this page, in its language). Texts from the loader (namespace `payment`).
 */
export function PaymentStillOpen({
  devMode,
  transactionId,
  paymentUrl,
  t,
}: {
  devMode: boolean;
  transactionId: string;
  paymentUrl: string | null;
  t: { stillOpenTitle: string; stillOpen: string; resume: string; abandon: string };
}) {
  return (
    <Page title={t.stillOpenTitle}>
      <DevBadge show={devMode} />
      <div className="card">
        <p>{t.stillOpen}</p>
        <form method="post" className="actions">
          <input type="hidden" name="datatransTrxId" value={transactionId} />
          {paymentUrl ? (
            <a className="button" href={paymentUrl}>
              {t.resume}
            </a>
          ) : null}
          <button type="submit" className="button button-secondary">
            {t.abandon}
          </button>
        </form>
      </div>
    </Page>
  );
}
