import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF, read back with pdf.js (whitespace folded): what a reader's viewer shows. */
export async function pdfText(body: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(body), standardFontDataUrl: "node_modules/pdfjs-dist/standard_fonts/", isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    parts.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  await pdf.destroy();
  return parts.join("\n").replace(/\s+/g, " ");
}
