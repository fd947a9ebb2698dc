import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { formatChf } from "~/domain/money";
import { pageMeta } from "~/domain/page-meta";
import { canSelfChange } from "~/domain/self-service";
import { formatDateDE, formatTime } from "~/domain/time";
import { MANAGE_HEADERS, manageView, requireManagedBooking, selfServiceClosedMessage, selfServicePolicy } from "~/server/booking/manage.server";
import { cancelByFamily } from "~/server/payments/cancellation.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Buchung stornieren", [{ name: "robots", content: "noindex" }]);

export async function loader({ params }: LoaderFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const view = manageView(r, await selfServicePolicy(db));
  if (!view.canChange) throw redirect(`/buchung/${params.token}`);
  return { view, token: params.token! };
}

export async function action({ params }: ActionFunctionArgs) {
  const db = await getDb();
  const r = await requireManagedBooking(db, params.token);
  const now = new Date();
  const { hours } = await selfServicePolicy(db);
  const outcome = await cancelByFamily(db, { reservationId: r.id, allowed: (locked) => canSelfChange(locked, now, hours), closedMessage: await selfServiceClosedMessage(db) }, now);
  const base = `/buchung/${params.token}`;
  if (outcome.kind === "cancelled") {
    const ok = outcome.refund === "manual" ? "manuell" : outcome.refund === "refunded" ? "erstattet" : outcome.refund === "pending" ? "erstattung-laeuft" : "storniert";
    return redirect(`${base}?ok=${ok}`, { status: 303 });
  }
  // Already cancelled (a double submit, or staff were quicker): the booking page shows that state.
  if (outcome.kind === "already") return redirect(base, { status: 303 });
  const message = outcome.kind === "refused" ? outcome.message : "Diese Buchung kann nicht mehr storniert werden.";
  return data({ error: message }, { status: 409 });
}

export default function CancelBooking() {
  const { view, token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const b = view.booking;
  return (
    <Page title="Buchung stornieren">
      {result?.error ? (
        <p role="alert" className="alert alert-error">
          {result.error}
        </p>
      ) : null}
      <section className="card" aria-labelledby="confirm-title">
        <h2 id="confirm-title">Möchten Sie diese Buchung wirklich stornieren?</h2>
        <p>
          Buchung <strong>{b.code}</strong>, {b.offerName}, am {formatDateDE(b.date)}, {formatTime(b.startMin)} - {formatTime(b.endMin)} Uhr.
        </p>
        <ul>
          {view.paidOnline ? <li>Die Online-Zahlung von {view.paidOnline} wird Ihnen zurückerstattet.</li> : null}
          {b.couponCode && b.discountRappen > 0 ? (
            <li>
              {formatChf(b.discountRappen)} werden dem Gutschein {b.couponCode} wieder gutgeschrieben.
            </li>
          ) : null}
          <li>Der Termin wird sofort freigegeben; die Stornierung kann nicht rückgängig gemacht werden.</li>
        </ul>
        <Form method="post" className="actions">
          <button type="submit" className="button">
            Ja, Buchung stornieren
          </button>{" "}
          <a className="button button-secondary" href={`/buchung/${token}`}>
            Nein, zurück
          </a>
        </Form>
      </section>
    </Page>
  );
}
