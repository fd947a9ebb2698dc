import type { ActionFunctionArgs, HeadersFunction } from "@remix-run/node";
import { isRouteErrorResponse, redirect, useRouteError } from "@remix-run/react";
import { Page } from "~/components/Page";
import { requireSameOrigin, signOut } from "~/server/staff/auth.server";

/** Staff pages: never kept by a browser or proxy cache. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Sign-out is a POST from the staff pages (`<form method="post" action="/admin/logout">`); a GET goes back. */
export function loader() {
  return redirect("/admin");
}

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  return redirect("/admin/login", { headers: { "Set-Cookie": await signOut(request) } });
}

// Never rendered (the loader always redirects); it makes this a page route, so a sign-out form
// works the same with and without JavaScript and a refused origin check shows the boundary below.
export default function AdminLogout() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "Die Abmeldung ist gerade nicht möglich. Bitte versuchen Sie es erneut.";
  return (
    <Page title="Abmelden">
      <div className="card" role="alert">
        <p>{message}</p>
        <a className="button" href="/admin">
          Zurück
        </a>
      </div>
    </Page>
  );
}
