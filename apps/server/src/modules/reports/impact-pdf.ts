// A destination's economic impact as a one-page PDF a grant committee can read: the destination
// and range, the figures, the formula in words with its constants, the events behind the room
// nights, when it was made and that it comes from first-party records.
// Fonts: PDFKit's built-in Helvetica (no font file shipped), text through `pdfText` (platform/files/
// pdf-text.ts). The JSON and CSV keep names exactly.
import type { TImpact } from "@hostfield/domain/contracts";
import PDFDocument from "pdfkit";
import { pdfText } from "../../platform/files/pdf-text";

const money = (n: number) =>
  `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const count = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });

/** Events listed on the page; the rest are summed in one line (the CSV lists them all). */
const PDF_EVENTS = 12;

export function impactPdf(impact: TImpact, generated: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 54,
    // Uncompressed: a one-page report stays small, and its text can be checked as written.
    compress: false,
    info: {
      Title: pdfText(`Economic impact: ${impact.destination.name}`),
      Author: "Hostfield",
      Subject: `${impact.range.startDate} to ${impact.range.endDate}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font("Helvetica-Bold").fontSize(20).text("Economic impact", left);
  doc.font("Helvetica-Bold").fontSize(14).text(pdfText(impact.destination.name));
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#444444")
    .text(`${impact.range.startDate} to ${impact.range.endDate} (${impact.range.days} days)`)
    .fillColor("black")
    .moveDown(0.8);

  const figures: [string, string][] = [
    ["Room nights reserved", count(impact.roomNights.reserved)],
    ["Room nights from awarded requests", count(impact.roomNights.awarded)],
    ["Room nights", count(impact.roomNights.total)],
    [
      `Average daily rate (${impact.rateSource === "default" ? "configured default" : "from reservations"})`,
      money(impact.averageDailyRate),
    ],
    ["Lodging spending", money(impact.lodgingSpend)],
    ["Visitor-days", count(impact.visitorDays)],
    ["Visitor spending", money(impact.visitorSpend)],
    ["Economic impact", money(impact.total)],
  ];
  doc.fontSize(11);
  for (const [label, value] of figures) {
    const y = doc.y;
    const last = label === "Economic impact";
    doc.font(last ? "Helvetica-Bold" : "Helvetica").text(label, left, y, { width: width - 140 });
    doc.text(value, left + width - 140, y, { width: 140, align: "right" });
    doc.moveDown(0.25);
  }

  doc.moveDown(0.6).font("Helvetica-Bold").fontSize(12).text("How it is computed", left);
  doc.font("Helvetica").fontSize(9);
  for (const line of impact.formula) doc.text(pdfText(line), left, doc.y, { width }).moveDown(0.2);

  doc.moveDown(0.6).font("Helvetica-Bold").fontSize(12).text("Events", left);
  doc.fontSize(9);
  if (impact.events.length === 0) {
    doc.font("Helvetica").text("No event brought room nights in this range.", left);
  } else {
    const columns = [
      { label: "Event", x: left, w: width - 230, align: "left" as const },
      { label: "Starts", x: left + width - 230, w: 80, align: "left" as const },
      { label: "Room nights", x: left + width - 150, w: 70, align: "right" as const },
      { label: "Visitor-days", x: left + width - 80, w: 80, align: "right" as const },
    ];
    const row = (cells: string[], bold: boolean) => {
      const y = doc.y;
      doc.font(bold ? "Helvetica-Bold" : "Helvetica");
      cells.forEach((cell, i) => {
        const c = columns[i]!;
        doc.text(cell, c.x, y, { width: c.w, align: c.align, lineBreak: false, ellipsis: true });
      });
      doc.moveDown(0.3);
    };
    row(
      columns.map((c) => c.label),
      true,
    );
    for (const e of impact.events.slice(0, PDF_EVENTS)) {
      row([pdfText(e.name), e.startDate ?? "", count(e.roomNights), count(e.visitorDays)], false);
    }
    const rest = impact.events.slice(PDF_EVENTS);
    if (rest.length > 0) {
      row(
        [
          `${rest.length} more event${rest.length === 1 ? "" : "s"}`,
          "",
          count(rest.reduce((s, e) => s + e.roomNights, 0)),
          count(rest.reduce((s, e) => s + e.visitorDays, 0)),
        ],
        false,
      );
    }
  }

  const bottom = doc.page.height - doc.page.margins.bottom - 30;
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#444444")
    .text(
      `Generated ${generated.toISOString().slice(0, 16).replace("T", " ")} UTC by Hostfield from first-party records: reservations and awarded requests made on the platform, not estimates from outside sources.`,
      left,
      Math.max(doc.y + 12, bottom),
      { width },
    );
  doc.end();
  return done;
}
