import type { ReactNode } from "react";

/** The shared header (logo and purple title) around every page's content. */
export function Page({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <>
      <header className="site-header">
        <a href="/" className="logo-link">
          <img src="/logo.svg" alt="Fun World" className="logo" width="180" height="60" />
        </a>
        <h1 className="page-title">{title}</h1>
      </header>
      <main className={wide ? "content content-wide" : "content"}>{children}</main>
    </>
  );
}
