import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminBar } from "~/components/AdminBar";
import { Page } from "~/components/Page";
import { FormMessage, SettingsNav, SettingsSection, SettingsTextArea, type SettingsActionData } from "~/components/SettingsForm";
import { LEGAL_BODY_MAX, LEGAL_KINDS, LEGAL_PLACEHOLDERS, LEGAL_TITLES, type LegalKind } from "~/domain/legal-texts";
import { pageMeta } from "~/domain/page-meta";
import { formatDateDE, venueNow } from "~/domain/time";
import { loadVenueContact } from "~/server/booking/venue.server";
import { legalTextsOverview, previewLegalText, saveLegalText } from "~/server/legal/legal-texts.server";
import { getDb } from "~/server/platform/db.server";
import { requireManager, requireSameOrigin } from "~/server/staff/auth.server";

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });
export const handle = { hydrate: true };
export const meta: MetaFunction = () => pageMeta("Rechtstexte", [{ name: "robots", content: "noindex" }]);

type Answer = SettingsActionData & { preview?: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireManager(request);
  const texts = await legalTextsOverview(await getDb());
  return {
    staff: { email: staff.email },
    texts: texts.map((t) => ({ ...t, history: t.history.map((h) => ({ version: h.version, by: h.createdBy, at: h.createdAt.toISOString() })) })),
  };
}

function isKind(v: unknown): v is LegalKind {
  return typeof v === "string" && (LEGAL_KINDS as readonly string[]).includes(v);
}

/** Manager only: a save is a new version (audited); a preview renders without storing. */
export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireManager(request);
  requireSameOrigin(request);
  const form = await request.formData();
  const kind = form.get("kind");
  const body = form.get("body");
  if (!isKind(kind) || typeof body !== "string") return data<Answer>({ form: "unknown", ok: false, message: "Ungültige Anfrage." }, { status: 400 });
  // Kept for redisplay only up to a little over the limit, so an oversized post is not echoed whole.
  const values = { body: body.slice(0, LEGAL_BODY_MAX + 10) };
  const db = await getDb();
  if (form.get("intent") === "preview") {
    const preview = await previewLegalText(db, body, await loadVenueContact(db));
    if (!preview.ok) return data<Answer>({ form: kind, ok: false, message: preview.error, values }, { status: 400 });
    return data<Answer>({ form: kind, ok: true, message: "Vorschau unten; noch nicht gespeichert.", preview: preview.html, values });
  }
  const result = await saveLegalText(db, staff, kind, body);
  if (!result.ok) return data<Answer>({ form: kind, ok: false, message: result.error, values }, { status: 400 });
  return data<Answer>({
    form: kind,
    ok: true,
    message: result.created ? `Gespeichert als Version ${result.version}.` : `Keine Änderung; Version ${result.version} bleibt gültig.`,
  });
}

const PUBLIC_PATH: Record<LegalKind, string> = { agb: "/agb", impressum: "/impressum", datenschutz: "/datenschutz" };

export default function LegalTextsPage() {
  const { staff, texts } = useLoaderData<typeof loader>();
  const actionData = useActionData<Answer>();
  return (
    <Page title="Rechtstexte" wide>
      <AdminBar email={staff.email} manager />
      <SettingsNav current="/admin/einstellungen/texte" />
      <p className="muted">
        Format: Markdown (## Titel, *kursiv*, **fett**, Listen mit «- », Links [Text](https://…)). HTML und Bilder werden nicht übernommen. Platzhalter:{" "}
        {LEGAL_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}. Jedes Speichern erzeugt eine neue Version; Buchungen behalten die AGB-Version, die sie akzeptiert haben.
      </p>
      {texts.map((t) => {
        const answer = actionData?.form === t.kind ? actionData : undefined;
        const id = `legal-${t.kind}`;
        const error = answer && !answer.ok ? answer.message : undefined;
        return (
          <SettingsSection key={t.kind} title={LEGAL_TITLES[t.kind]} id={`${id}-title`}>
            <p className="muted">
              Aktuell: {t.version > 0 ? `Version ${t.version}` : "Standardtext (Version 0)"} · <a href={PUBLIC_PATH[t.kind]}>Öffentliche Seite</a>
            </p>
            <Form method="post" noValidate key={`${t.kind}-${t.version}`}>
              <input type="hidden" name="kind" value={t.kind} />
              <SettingsTextArea
                id={`${id}-body`}
                name="body"
                label={`Text (höchstens ${LEGAL_BODY_MAX.toLocaleString("de-CH")} Zeichen)`}
                value={answer?.values?.body ?? t.body}
                error={error}
                rows={14}
                maxLength={LEGAL_BODY_MAX}
              />
              {answer?.ok ? <FormMessage answer={answer} /> : null}
              <div className="button-row">
                <button type="submit" name="intent" value="preview" className="button button-secondary">
                  Vorschau
                </button>
                <button type="submit" name="intent" value="save" className="button">
                  Neue Version speichern
                </button>
              </div>
            </Form>
            {answer?.preview ? (
              <section aria-label={`Vorschau ${LEGAL_TITLES[t.kind]}`} className="legal-preview">
                <h3>Vorschau</h3>
                <div className="legal-text" dangerouslySetInnerHTML={{ __html: answer.preview }} />
              </section>
            ) : null}
            <h3>Versionen</h3>
            {t.history.length === 0 ? (
              <p className="muted">Noch keine gespeicherte Version; es gilt der Standardtext.</p>
            ) : (
              <ul>
                {t.history.map((h) => (
                  <li key={h.version}>
                    {t.kind === "agb" ? <a href={`/agb/${h.version}`}>Version {h.version}</a> : `Version ${h.version}`} · {formatDateDE(venueNow(new Date(h.at)).date)} · {h.by ?? "unbekannt"}
                  </li>
                ))}
              </ul>
            )}
          </SettingsSection>
        );
      })}
    </Page>
  );
}
