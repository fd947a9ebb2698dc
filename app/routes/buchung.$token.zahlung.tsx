import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { MANAGE_HEADERS, requireManagedBooking } from "~/server/booking/manage.server";
import { changePaymentReturn } from "~/server/payments/booking-change.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;

/** While the provider has not decided: the page asks again every two seconds (no JavaScript needed). */
export const meta: MetaFunction = () => [...pageMeta("Zahlung wird verarbeitet", [{ name: "robots", content: "noindex" }]), { httpEquiv: "refresh", content: "2" }];

const RESULT = { ok: "ok", abbruch: "cancelled", fehler: "failed" } as const;

/**
 * The provider sends the family back here after paying the difference of a change (successUrl,
 * cancelUrl or errorUrl with `datatransTrxId`). The server asks the provider and applies or gives
 * up the change; then the manage page tells what happened.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const url = new URL(request.url);
  const how = RESULT[url.searchParams.get("r") as keyof typeof RESULT] ?? "ok";
  const outcome = await changePaymentReturn(db, r, url.searchParams.get("datatransTrxId"), how);
  const base = `/buchung/${params.token}`;
  if (outcome === "changed") throw redirect(`${base}?ok=geaendert`, { status: 303 });
  if (outcome === "cancelled") throw redirect(`${base}?ok=zahlung-abgebrochen`, { status: 303 });
  if (outcome === "refunded") throw redirect(`${base}?ok=zahlung-erstattet`, { status: 303 });
  if (outcome === "unknown") throw redirect(base, { status: 303 });
  return { manage: base };
}

export default function ChangePayment() {
  const { manage } = useLoaderData<typeof loader>();
  return (
    <Page title="Zahlung wird verarbeitet">
      <div className="card center" role="status" aria-live="polite">
        <div className="spinner" aria-hidden="true" />
        <p>Ihre Zahlung wird bestätigt. Sobald sie abgeschlossen ist, wird Ihre Buchung geändert und Sie erhalten eine E-Mail.</p>
        <p>
          <a href={manage}>Zurück zur Buchung</a>
        </p>
      </div>
    </Page>
  );
}
