import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter } from "./SiteFooter";
import { useVenueContact } from "./useVenueContact";

/**
 * The shared header (the venue's logo and the purple title) around every page's content, and on
 * family pages the footer with the seller's identity and the legal links (staff pages have their bar).
 */
export function Page({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  // The root loader's flag: a production site running on simulated payments (a test system).
  const simulated = useRouteLoaderData<{ simulatedPayments?: boolean }>("root")?.simulatedPayments === true;
  const contact = useVenueContact();
  const staffPage = useLocation().pathname.startsWith("/admin");
  return (
    <>
      <header className="site-header">
        <a href="/" className="logo-link">
          <img src={contact?.logoUrl ?? "/logo.svg"} alt={contact?.name ?? "Startseite"} className="logo" width="180" height="60" />
        </a>
        <h1 className="page-title">{title}</h1>
        {simulated ? (
          <p className="center">
            <span className="badge-dev">DEV MODE</span> Zahlungen werden nur simuliert.
          </p>
        ) : null}
      </header>
      <main className={wide ? "content content-wide" : "content"}>{children}</main>
      {staffPage ? null : <SiteFooter contact={contact} />}
    </>
  );
}
