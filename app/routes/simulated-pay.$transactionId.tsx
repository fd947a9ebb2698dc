import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, redirect, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { formatChf } from "~/domain/money";
import { getDb } from "~/server/platform/db.server";
import { getEnv } from "~/server/platform/env.server";
import { completeSimulatedPayment, findSimulatedTransaction, simulatedPaymentLang, type SimulatedOutcome } from "~/server/payments/providers/simulated.server";
import { pageMeta } from "~/domain/page-meta";
import { LOCALE } from "~/i18n/locales";
import { texts } from "~/server/i18n/texts.server";

/**
 * The page's address has no language (the provider's page, like Datatrans's, is one URL): it speaks
 * the language the payment was started from (the return address's prefix), the frame around it German.
 */
export const handle: RouteHandle = { translated: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.t.metaTitle ?? "Zahlung (Simulation)", [{ name: "robots", content: "noindex" }]);

function requireSimulated() {
  if (getEnv().PAYMENT_PROVIDER !== "simulated") throw new Response("Not Found", { status: 404, statusText: "Not Found" });
}

export async function loader({ params }: LoaderFunctionArgs) {
  requireSimulated();
  const transaction = await findSimulatedTransaction(await getDb(), params.transactionId ?? "");
  if (!transaction) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  const lang = simulatedPaymentLang(transaction);
  return {
    amountRappen: transaction.amountRappen,
    refno: transaction.refno,
    open: transaction.status === "initialized",
    lang,
    t: texts(lang, "simulatedPay"),
  };
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
  const { amountRappen, refno, open, lang, t } = useLoaderData<typeof loader>();
  return (
    <Page title={t.title}>
      <div className="card center" lang={lang === "de" ? undefined : LOCALE[lang]}>
        <p>
          <span className="badge-dev">DEV MODE</span>
        </p>
        <p>{t.simulated}</p>
        <p>
          {t.booking} <strong>{refno}</strong>
        </p>
        <p className="total">{formatChf(amountRappen, lang)}</p>
        {open ? (
          <Form method="post" className="actions">
            <button className="button" name="outcome" value="pay">
              {t.pay}
            </button>
            <button className="button button-secondary" name="outcome" value="cancel">
              {t.cancel}
            </button>
            <button className="button button-secondary" name="outcome" value="fail">
              {t.fail}
            </button>
          </Form>
        ) : (
          <p className="alert alert-info">{t.done}</p>
        )}
      </div>
    </Page>
  );
}
