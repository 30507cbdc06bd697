// Other modules' tests read back the PDFs they write with the billing PDF writer through this file.
export { parsePdf } from './pdf.test-support.js';
