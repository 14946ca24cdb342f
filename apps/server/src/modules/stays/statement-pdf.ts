// A room block's final statement as a PDF both sides download: the hotel and event, the terms, the
// confirmation state, the per-night table (held, booked, stayed, rate) and the totals with the
// allowance, shortfall, what is owed and the comps, each in one line of words. The figures are the
// JSON statement's (statement.ts), nothing computed here. Fonts: PDFKit's built-in Helvetica (no
// font file, nothing fetched), text kept to what it can draw by `pdfText`.
import type { TBlockStatement } from "@hostfield/domain/contracts";
import PDFDocument from "pdfkit";
import { pdfText } from "../../platform/files/pdf-text";

const money = (n: number) =>
  `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

const STATE: Record<TBlockStatement["status"], string> = {
  Open: "Open: the block's last night has not ended yet; stayed shows what is booked.",
  "Awaiting hotel":
    "Awaiting the hotel: stayed shows what was booked until the hotel confirms each night.",
  Confirmed: "Confirmed by the hotel.",
  Disputed: "Disputed by the organizer after the hotel confirmed it.",
};

/** The statement's file name: `statement-{hotel}-{event}.pdf` in plain letters. */
export function statementFileName(s: TBlockStatement): string {
  const slug = `statement-${s.hotel.name}-${s.event.name}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
  return `${slug || "statement"}.pdf`;
}

export function statementPdf(s: TBlockStatement, generated: Date): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 54,
    // Uncompressed: its text can be checked as written, and a statement is small.
    compress: false,
    info: {
      Title: pdfText(`Room block statement: ${s.hotel.name}, ${s.event.name}`),
      Author: "Hostfield",
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
  const t = s.totals;

  doc.font("Helvetica-Bold").fontSize(20).text("Room block statement", left);
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .text(pdfText(`${s.hotel.name} for ${s.event.name}`));
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor("#444444")
    .text(`Event ${s.event.startDate} to ${s.event.endDate}`)
    .fillColor("black")
    .moveDown(0.6);

  doc.font("Helvetica-Bold").fontSize(11).text(`Status: ${s.status}`, left);
  doc.font("Helvetica").fontSize(10).text(STATE[s.status], left, doc.y, { width });
  if (s.confirmedDate) {
    doc.text(
      pdfText(
        `Confirmed ${s.confirmedDate.slice(0, 16).replace("T", " ")} UTC${s.confirmedBy ? ` by ${s.confirmedBy.name}` : ""}.`,
      ),
    );
  }
  doc.text(
    `Terms: attrition allowance ${s.attritionPercent}% of held room nights; ${
      s.compPerPaid ? `1 comp room night per ${s.compPerPaid} picked up` : "no comp policy"
    }.`,
    left,
    doc.y,
    { width },
  );
  doc.moveDown(0.8);

  const columns = [
    { label: "Night", x: left, w: 80, align: "left" as const },
    { label: "Room type", x: left + 80, w: width - 380, align: "left" as const },
    { label: "Held", x: left + width - 300, w: 60, align: "right" as const },
    { label: "Booked", x: left + width - 240, w: 60, align: "right" as const },
    { label: "Stayed", x: left + width - 180, w: 80, align: "right" as const },
    { label: "Rate", x: left + width - 100, w: 100, align: "right" as const },
  ];
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica");
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(cell, c.x, y, { width: c.w, align: c.align, lineBreak: false, ellipsis: true });
    });
    doc.moveDown(0.3);
  };
  doc.fontSize(9);
  row(
    columns.map((c) => c.label),
    true,
  );
  for (const n of s.nights) {
    row(
      [
        n.night,
        pdfText(n.roomTypeName),
        String(n.held),
        String(n.booked),
        `${n.stayed}${n.confirmed ? "" : " *"}`,
        money(n.rate),
      ],
      false,
    );
  }
  row(["Total", "", String(t.held), String(t.booked), String(t.stayed), ""], true);
  if (s.nights.some((n) => !n.confirmed)) {
    doc
      .font("Helvetica")
      .fontSize(8)
      .text("* Not confirmed by the hotel yet: the booked figure stands.", left, doc.y, { width });
  }

  doc.moveDown(0.8).font("Helvetica-Bold").fontSize(12).text("Totals", left);
  const lines: [string, string, string][] = [
    [
      "Average rate",
      money(t.averageRate),
      "The rates of the rooms held, weighted by the rooms held each night, to the cent.",
    ],
    [
      "Attrition allowance",
      plural(t.allowance, "room night"),
      `${s.attritionPercent}% of the ${plural(t.held, "room night")} held (rounded down) may go unsold without penalty.`,
    ],
    [
      "Shortfall",
      plural(t.shortfall, "room night"),
      `Held less the allowance less the ${plural(t.stayed, "room night")} picked up, over the whole block.`,
    ],
    [
      "Owed",
      money(t.owed),
      "The shortfall at the average rate: what the organizer owes the hotel for attrition.",
    ],
    [
      "Comps earned",
      `${plural(t.comps, "room night")} (${money(t.compValue)})`,
      s.compPerPaid
        ? `One free room night per ${s.compPerPaid} picked up, valued at the average rate.`
        : "The block has no comp policy.",
    ],
  ];
  for (const [label, value, why] of lines) {
    const y = doc.y + 4;
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(label, left, y, { width: width - 160 });
    doc.text(value, left + width - 160, y, { width: 160, align: "right" });
    doc.font("Helvetica").fontSize(8.5).fillColor("#444444").text(why, left, doc.y, { width });
    doc.fillColor("black");
  }

  doc
    .moveDown(1.2)
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#444444")
    .text(
      `Generated ${generated.toISOString().slice(0, 16).replace("T", " ")} UTC by Hostfield from the block's nights, the reservations booked in it and the hotel's confirmation.`,
      left,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
