import { DevBadge } from "./DevBadge";
import { Page } from "./Page";

export function PaymentAborted({ title, devMode, children }: { title: string; devMode: boolean; children: React.ReactNode }) {
  return (
    <Page title={title}>
      <DevBadge show={devMode} />
      <div className="card">
        {children}
        <div className="actions">
          {/* Contact data and voucher wait in the draft; booking again holds the slot anew if it is still free. */}
          <a className="button button-secondary" href="/enter-data">
            Zurück zur Buchung
          </a>
          <a className="button" href="/">
            Neue Buchung starten
          </a>
        </div>
      </div>
    </Page>
  );
}
