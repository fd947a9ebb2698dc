import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { pageMeta } from "~/domain/page-meta";
import { LINK_FIELD_MAX } from "~/domain/manage-link";
import { MANAGE_HEADERS, requestManageLink } from "~/server/booking/manage.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction = () => pageMeta("Buchung verwalten", [{ name: "robots", content: "noindex" }]);

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const result = await requestManageLink(await getDb(), {
    code: form.get("bookingCode"),
    email: form.get("email"),
    clientKey: clientKey(request, context),
  });
  return data({ status: result.status, message: result.message }, { status: result.status });
}

export default function FindBooking() {
  const result = useActionData<typeof action>();
  const ok = result?.status === 200;
  return (
    <Page title="Buchung verwalten">
      <section className="card">
        <p>
          Den persönlichen Link zu Ihrer Buchung finden Sie in Ihrer Buchungsbestätigung unter «Buchung verwalten». Haben Sie die E-Mail nicht mehr?
          Geben Sie Ihren Buchungscode und die E-Mail-Adresse der Buchung ein; wir senden Ihnen den Link erneut.
        </p>
        {result ? (
          <p role={ok ? "status" : "alert"} className={ok ? "alert alert-success" : "alert alert-error"}>
            {result.message}
          </p>
        ) : null}
        <Form method="post">
          <div className="field">
            <label htmlFor="bookingCode">Buchungscode</label>
            <input id="bookingCode" name="bookingCode" type="text" required maxLength={LINK_FIELD_MAX.code} autoComplete="off" autoCapitalize="characters" placeholder="z. B. FW-AB12CD" />
          </div>
          <div className="field">
            <label htmlFor="email">E-Mail-Adresse</label>
            <input id="email" name="email" type="email" required maxLength={LINK_FIELD_MAX.email} autoComplete="email" />
          </div>
          <button type="submit" className="button">
            Link zusenden
          </button>
        </Form>
      </section>
    </Page>
  );
}
