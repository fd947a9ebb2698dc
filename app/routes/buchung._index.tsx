import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "~/components/Page";
import { localPageMeta } from "~/domain/page-meta";
import { LINK_FIELD_MAX } from "~/domain/manage-link";
import { MANAGE_HEADERS, requestManageLink } from "~/server/booking/manage.server";
import { requestLang } from "~/server/i18n/request.server";
import { localizeIn, texts } from "~/server/i18n/texts.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { translated: true };
export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => localPageMeta(matches, data?.t.title ?? "Buchung verwalten", [{ name: "robots", content: "noindex" }]);

/** The page's words (namespace `manageLookup`). */
export function loader({ params }: LoaderFunctionArgs) {
  return { t: texts(requestLang(params), "manageLookup") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const form = await request.formData();
  const result = await requestManageLink(await getDb(), {
    code: form.get("bookingCode"),
    email: form.get("email"),
    clientKey: clientKey(request, context),
  });
  // The answer (LINK_MSG) in the page's language; the e-mail goes out in the booking's.
  return data({ status: result.status, message: localizeIn(lang, "manageLookup", result.message) }, { status: result.status });
}

export default function FindBooking() {
  const { t } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const ok = result?.status === 200;
  return (
    <Page title={t.title}>
      <section className="card">
        <p>{t.intro}</p>
        {result ? (
          <p role={ok ? "status" : "alert"} className={ok ? "alert alert-success" : "alert alert-error"}>
            {result.message}
          </p>
        ) : null}
        <Form method="post">
          <div className="field">
            <label htmlFor="bookingCode">{t.codeLabel}</label>
            <input
              id="bookingCode"
              name="bookingCode"
              type="text"
              required
              maxLength={LINK_FIELD_MAX.code}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder={t.codePlaceholder}
            />
          </div>
          <div className="field">
            <label htmlFor="email">{t.emailLabel}</label>
            <input id="email" name="email" type="email" required maxLength={LINK_FIELD_MAX.email} autoComplete="email" />
          </div>
          <button type="submit" className="button">
            {t.send}
          </button>
        </Form>
      </section>
    </Page>
  );
}
