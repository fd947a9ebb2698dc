import { DevBadge } from "./DevBadge";
import { Page } from "./Page";
import { useLocalePath } from "./useLanguage";

/** The cancel and error return pages: what happened (`children`), then back to the booking or anew. */
export function PaymentAborted({
  title,
  devMode,
  t,
  children,
}: {
  title: string;
  devMode: boolean;
  /** From the page's loader data (namespace `payment`). */
  t: { backToBooking: string; restart: string };
  children: React.ReactNode;
}) {
  const to = useLocalePath();
  return (
    <Page title={title}>
      <DevBadge show={devMode} />
      <div className="card">
        {children}
        <div className="actions">
          {/* Contact data and voucher wait in the draft; booking again holds the slot anew if it is still free. */}
          <a className="button button-secondary" href={to("/enter-data")}>
            {t.backToBooking}
          </a>
          <a className="button" href={to("/")}>
            {t.restart}
          </a>
        </div>
      </div>
    </Page>
  );
}
