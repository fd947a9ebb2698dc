import type { RouteHandle } from "~/root";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, isRouteErrorResponse, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GuestAnswerForm, InvitationDetails } from "~/components/GuestAnswerForm";
import { Page } from "~/components/Page";
import { GUEST_TEXT, type GuestProblem } from "~/domain/guests";
import { localePath } from "~/i18n/locales";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { closedMessage, invitationPage, submitAnswer } from "~/server/guests/answers.server";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";
import { clientKey } from "~/server/platform/client.server";
import { getDb } from "~/server/platform/db.server";

/** A secret link: never cached, never indexed (Referrer-Policy `same-origin`: serve.server.ts). */
export const headers: HeadersFunction = () => MANAGE_HEADERS;

/** In the language of its URL (issue #33): the host's link carries the booking's language; a guest may switch. */
export const handle: RouteHandle = { translated: true };

/**
 * Link previews (WhatsApp, Signal, mail clients) read these: the child's first name and age the host
 * chose to share, the day and the venue — nothing of the host family's contact data. An unknown link
 * (404) has the page's «not found» words (German as before at the German address).
 */
export const meta: MetaFunction<typeof loader> = ({ data: loaded, error, matches, params }) => {
  const frame = (matches.find((m) => m.id === "root")?.data as { i18n?: { texts?: { notFoundTitle?: string } } } | undefined)?.i18n?.texts;
  const errorText = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  const german = params.lang === undefined;
  const title = loaded ? loaded.view.ogTitle : german ? GUEST_TEXT.invitationTitle : (frame?.notFoundTitle ?? GUEST_TEXT.invitationTitle);
  const description = loaded ? loaded.view.ogDescription : german ? GUEST_TEXT.notFound : (errorText ?? "");
  return [
    { title: `${title} – Fun World` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "robots", content: "noindex" },
  ];
};

/** The invitation (issue #32 §1) and the answer form (§2): no account, no JavaScript needed. */
export async function loader({ params }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const page = await invitationPage(await getDb(), params.token ?? "", new Date(), lang);
  if (!page) throw new Response(t(lang, "guests", "notFound"), { status: 404, headers: MANAGE_HEADERS });
  const { view } = page;
  return {
    view,
    t: texts(lang, "guests"),
    closed: closedMessage(lang, view.state, view.deadline),
    meals: view.meals.map((meal) => ({ ...meal, label: t(lang, "guests", "meal", { name: meal.name }) })),
    printPath: localePath(lang, `/einladung/${params.token!}/drucken`),
  };
}

type ActionData = { message?: string; problems: GuestProblem[]; values: Record<string, string> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = requestLang(params);
  const form = await request.formData();
  // The answers, and the edit link's e-mail, in the language the guest answers in.
  const result = await submitAnswer(await getDb(), { token: params.token ?? "", form, clientKey: clientKey(request, context), lang });
  if (result.kind === "saved") return redirect(localePath(lang, `/einladung/antwort/${result.token}?neu=${result.mailed ? "mail" : "1"}`), 303);
  if (result.kind === "problems") return data<ActionData>({ problems: result.form.problems, values: result.form.values }, { status: 400 });
  if (result.status === 404) throw new Response(result.message, { status: 404, headers: MANAGE_HEADERS });
  return data<ActionData>({ message: result.message, problems: [], values: {} }, { status: result.status });
}

export default function InvitationPage() {
  const { view, t: T, closed, meals, printPath } = useLoaderData<typeof loader>();
  const result = useActionData<ActionData>();
  return (
    <Page title={view.heading}>
      <section className="card summary invitation" aria-labelledby="invitation-title">
        <h2 id="invitation-title">{T.invitationTitle}</h2>
        <InvitationDetails view={view} t={T} />
        <p>
          <a href={printPath}>{T.print}</a>
        </p>
      </section>
      <section className="card" aria-labelledby="answer-title">
        <h2 id="answer-title">{T.answerTitle}</h2>
        {result?.message ? (
          <p role="alert" className="alert alert-error">
            {result.message}
          </p>
        ) : null}
        {closed ? (
          <p className="alert alert-info">{closed}</p>
        ) : (
          <>
            <p>{T.answerIntro}</p>
            <GuestAnswerForm meals={meals} values={result?.values ?? {}} problems={result?.problems ?? []} withEmail submitLabel={T.send} t={T} />
          </>
        )}
      </section>
    </Page>
  );
}
