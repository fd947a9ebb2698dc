import { DevBadge } from "./DevBadge";
import { Page } from "./Page";

export function PaymentAborted({ title, devMode, children }: { title: string; devMode: boolean; children: React.ReactNode }) {
  return (
    <Page title={title}>
      <DevBadge show={devMode} />
      <div className="card">
        {children}
        <div className="actions">
          <a className="button" href="/">
            Neue Buchung starten
          </a>
        </div>
      </div>
    </Page>
  );
}
