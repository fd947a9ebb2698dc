import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, redirect, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { formatChf } from "~/domain/money";
import { getDb } from "~/server/platform/db.server";
import { getEnv } from "~/server/platform/env.server";
import { completeSimulatedPayment, findSimulatedTransaction, type SimulatedOutcome } from "~/server/payments/providers/simulated.server";
import { pageMeta } from "~/domain/page-meta";

export const meta: MetaFunction = () => pageMeta("Zahlung (Simulation)", [{ name: "robots", content: "noindex" }]);

function requireSimulated() {
  if (getEnv().PAYMENT_PROVIDER !== "simulated") throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export async function loader({ params }: LoaderFunctionArgs) {
  requireSimulated();
  const transaction = await findSimulatedTransaction(await getDb(), params.transactionId ?? "");
  if (!transaction) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return { amountRappen: transaction.amountRappen, refno: transaction.refno, open: transaction.status === "initialized" };
}

const OUTCOMES: Record<string, SimulatedOutcome> = { pay: "settled", cancel: "canceled", fail: "failed" };

export async function action({ params, request }: ActionFunctionArgs) {
  requireSimulated();
  const outcome = OUTCOMES[String((await request.formData()).get("outcome"))];
  if (!outcome) throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
  const db = await getDb();
  const transaction = await findSimulatedTransaction(db, params.transactionId ?? "");
  if (!transaction || transaction.status !== "initialized") throw new Response("Conflict", { status: 409, statusText: "Conflict" });
  const next = await completeSimulatedPayment(db, transaction.transactionId, outcome, getEnv().WEBHOOK_HMAC_KEY);
  if (!next) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return redirect(next);
}

/** The simulated provider's payment page (local runs only): what Datatrans' page does, in three buttons. */
export default function SimulatedPayment() {
  const { amountRappen, refno, open } = useLoaderData<typeof loader>();
  return (
    <Page title="Zahlung">
      <div className="card center">
        <p>
          <span className="badge-dev">DEV MODE</span>
        </p>
        <p>Simulierter Zahlungsanbieter – es wird kein echtes Geld belastet.</p>
        <p>
          Buchung <strong>{refno}</strong>
        </p>
        <p className="total">{formatChf(amountRappen)}</p>
        {open ? (
          <Form method="post" className="actions">
            <button className="button" name="outcome" value="pay">
              Bezahlen
            </button>
            <button className="button button-secondary" name="outcome" value="cancel">
              Abbrechen
            </button>
            <button className="button button-secondary" name="outcome" value="fail">
              Fehler simulieren
            </button>
          </Form>
        ) : (
          <p className="alert alert-info">Diese Zahlung ist bereits abgeschlossen.</p>
        )}
      </div>
    </Page>
  );
}
