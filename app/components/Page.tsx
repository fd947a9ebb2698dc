import { useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

/** The shared header (logo and purple title) around every page's content. */
export function Page({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  // The root loader's flag: a production site running on simulated payments (a test system).
  const simulated = useRouteLoaderData<{ simulatedPayments?: boolean }>("root")?.simulatedPayments === true;
  return (
    <>
      <header className="site-header">
        <a href="/" className="logo-link">
          <img src="/logo.svg" alt="Fun World" className="logo" width="180" height="60" />
        </a>
        <h1 className="page-title">{title}</h1>
        {simulated ? (
          <p className="center">
            <span className="badge-dev">DEV MODE</span> Zahlungen werden nur simuliert.
          </p>
        ) : null}
      </header>
      <main className={wide ? "content content-wide" : "content"}>{children}</main>
    </>
  );
}
