import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { tooLongMessage } from "~/domain/contact";
import { SIGN_IN_MAX_LENGTH } from "~/domain/sign-in";
import { data, Form, isRouteErrorResponse, redirect, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { Page } from "~/components/Page";
import { getStaff, requireSameOrigin, safeAdminRedirect, signIn } from "~/server/staff/auth.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";

// A plain form post: this page ships no JavaScript (no `hydrate` handle).
export const meta: MetaFunction = () => [
  { title: "Anmeldung für Mitarbeitende – Fun World" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getStaff(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const redirectTo = safeAdminRedirect(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
  if (!email.trim() || !password) {
    return data({ error: "Bitte geben Sie E-Mail und Passwort ein.", email }, { status: 400 });
  }
  // Nothing longer is an account or a password here; refused before any look-up or hashing.
  if (email.length > SIGN_IN_MAX_LENGTH.email) {
    return data({ error: tooLongMessage("E-Mail", SIGN_IN_MAX_LENGTH.email), email: "" }, { status: 400 });
  }
  if (password.length > SIGN_IN_MAX_LENGTH.password) {
    return data({ error: tooLongMessage("Passwort", SIGN_IN_MAX_LENGTH.password), email }, { status: 400 });
  }
  const result = await signIn(await getDb(), request, email, password, clientKey(request, context));
  if (!result.ok) return data({ error: result.message, email }, { status: result.status });
  return redirect(redirectTo, { headers: { "Set-Cookie": result.cookie } });
}

export default function AdminLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Page title="Anmeldung für Mitarbeitende">
      <div className="card">
        <Form method="post">
          {actionData?.error ? (
            <div className="alert alert-error" role="alert">
              {actionData.error}
            </div>
          ) : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <div className="field">
            <label htmlFor="staff-email">E-Mail</label>
            {/* type="text": the bootstrap account is called `admin`, which type="email" would refuse. */}
            <input
              id="staff-email"
              name="email"
              type="text"
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={SIGN_IN_MAX_LENGTH.email}
              defaultValue={actionData?.email ?? ""}
            />
          </div>
          <div className="field">
            <label htmlFor="staff-password">Passwort</label>
            <input id="staff-password" name="password" type="password" autoComplete="current-password" required maxLength={SIGN_IN_MAX_LENGTH.password} />
          </div>
          <button type="submit" className="button">
            Anmelden
          </button>
        </Form>
      </div>
    </Page>
  );
}

/** A refused origin check (403) says so in German instead of the generic error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "Die Anmeldung ist gerade nicht möglich. Bitte versuchen Sie es erneut.";
  return (
    <Page title="Anmeldung für Mitarbeitende">
      <div className="card" role="alert">
        <p>{message}</p>
        <a className="button" href="/admin/login">
          Zur Anmeldung
        </a>
      </div>
    </Page>
  );
}
