import type { RouteHandle } from "~/root";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InvitationDetails } from "~/components/GuestAnswerForm";
import { GUEST_TEXT } from "~/domain/guests";
import { localPageMeta } from "~/domain/page-meta";
import { localePath } from "~/i18n/locales";
import { MANAGE_HEADERS } from "~/server/booking/manage.server";
import { invitationPage } from "~/server/guests/answers.server";
import { invitationQrSvg, invitationUrl } from "~/server/guests/invitations.server";
import { requestLang } from "~/server/i18n/request.server";
import { t, texts } from "~/server/i18n/texts.server";
import { getDb } from "~/server/platform/db.server";

export const headers: HeadersFunction = () => MANAGE_HEADERS;
export const handle: RouteHandle = { translated: true };
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  localPageMeta(matches, data?.t.invitationTitle ?? GUEST_TEXT.invitationTitle, [{ name: "robots", content: "noindex" }]);

/**
 * The invitation to print (issue #32 §1): A6 by default or A5 (`?format=a5`), black on white, with
 * a QR code of the invitation link so a paper card still leads to the answer form. In the language
 * of its URL, the QR code's link too (the host's print link carries the booking's language).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = requestLang(params);
  const page = await invitationPage(await getDb(), params.token ?? "", new Date(), lang);
  if (!page) throw new Response(t(lang, "guests", "notFound"), { status: 404, headers: MANAGE_HEADERS });
  const url = invitationUrl(params.token!, lang);
  const format = new URL(request.url).searchParams.get("format") === "a5" ? "a5" : "a6";
  const path = localePath(lang, `/einladung/${params.token!}`);
  return { view: page.view, url, qr: await invitationQrSvg(url), format, path, t: texts(lang, "guests") };
}

export default function PrintInvitation() {
  const { view, url, qr, format, path, t: T } = useLoaderData<typeof loader>();
  return (
    <main className={`invitation-print invitation-${format}`}>
      <p className="no-print">
        <a href={`${path}/drucken?format=a6`}>A6</a> · <a href={`${path}/drucken?format=a5`}>A5</a> · <a href={path}>{T.answerTitle}</a>
      </p>
      <p className="no-print muted">{T.printHint}</p>
      <h1>{view.heading}</h1>
      <InvitationDetails view={view} t={T} />
      {/* The SVG is drawn by the qrcode library from our own URL: no user text in it. */}
      <div className="invitation-qr" role="img" aria-label={T.qrLabel} dangerouslySetInnerHTML={{ __html: qr }} />
      <p className="invitation-link">{url}</p>
    </main>
  );
}
