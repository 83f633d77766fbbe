import pdfmake from 'pdfmake';
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
// Sets pdfmake's fonts (the built-in Helvetica) and its no-files, no-network policies once for the process.
import '../invoices/invoice-pdf.js';

export type AllergenPdfRow = { code: string; name: string; regulated: boolean };

export const ALLERGEN_PDF_NAME = 'Allergens.pdf';

/**
 * The allergen list as PDF (spec 000 §7 "allergens and its pdf list", issue 36): code, name and whether it is one
 * of the regulated allergens, in the catalogue's order, to print for a counter or a kitchen.
 */
export async function allergenListPdf(rows: AllergenPdfRow[], printedAt: Date): Promise<Buffer> {
  const head: TableCell[] = ['Code', 'Name', 'Regulated'].map((text) => ({ text, bold: true, fillColor: '#eeeeee' }));
  const body: TableCell[][] = [head, ...rows.map((r) => [r.code, r.name, r.regulated ? 'Yes' : 'No'])];
  const day = printedAt.toISOString().slice(0, 10);
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    info: { title: 'Allergens', creator: 'Control Desk', creationDate: printedAt, modDate: printedAt },
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    footer: (page, pages) => ({
      text: `Allergens · ${day} · page ${page} of ${pages}`,
      fontSize: 7,
      margin: [40, 16, 40, 0],
      color: '#777777',
    }),
    content: [
      { text: 'Allergens', fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      { text: `${rows.length} allergens, as of ${day}`, margin: [0, 0, 0, 10], color: '#555555' },
      {
        table: { headerRows: 1, widths: [50, '*', 70], body },
        layout: {
          hLineWidth: () => 0.5,
          vLineWidth: () => 0.5,
          hLineColor: () => '#999999',
          vLineColor: () => '#999999',
          paddingTop: () => 4,
          paddingBottom: () => 4,
        },
      },
    ],
  };
  return Buffer.from(await pdfmake.createPdf(definition).getBuffer());
}
