import { todayIn } from '@yado/contract/civil-date';
import { OPERATOR_TIME_ZONE } from '@yado/contract/operator-zone';
import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import type { Deps } from '../../platform/deps.js';
import type { Principal } from '../../platform/http/call-context.js';
import { findUserOfAccount } from '../user/user.service.js';
import { billingWithLines } from './billing.service.js';
import { renderInvoicePdf, type InvoiceModel } from './invoice-pdf.js';

/** Invoice dates are dates in the operator's zone, where it issues them. */
const INVOICE_TIME_ZONE = OPERATOR_TIME_ZONE;

/**
 * The qualified invoice of a billing, as a PDF: only for the billing's own
 * account (or staff), and only once it is paid (PAID, or REFUNDED after). A
 * billing of someone else answers as not found, so ids cannot be probed.
 */
export async function invoicePdf(
  deps: Deps,
  principal: Principal,
  billingId: string,
  language: Language,
): Promise<{ filename: string; pdf: Buffer }> {
  const found = await billingWithLines(deps.db, billingId);
  if (!found || (found.billing.accountId !== principal.accountId && !principal.roles.includes('staff'))) {
    throw new AppError('CodeBillingNotFound');
  }
  const { billing: b, lines } = found;
  if ((b.status !== 'PAID' && b.status !== 'REFUNDED') || !b.paidAt) throw new AppError('CodeInvoiceNotAvailable');
  const user = await findUserOfAccount(deps, b.accountId);
  const customerName = !user
    ? ''
    : language === 'ja'
      ? `${user.lastName} ${user.firstName}`
      : `${user.romanizedFirstName} ${user.romanizedLastName}`;
  const t = b.totals;
  const model: InvoiceModel = {
    language,
    issuer: {
      name: language === 'ja' ? deps.env.INVOICE_ISSUER_NAME_JA : deps.env.INVOICE_ISSUER_NAME,
      address: language === 'ja' ? deps.env.INVOICE_ISSUER_ADDRESS_JA : deps.env.INVOICE_ISSUER_ADDRESS,
      registrationNumber: deps.env.INVOICE_REGISTRATION_NUMBER,
    },
    invoiceNumber: b.billingNumber,
    issueDate: todayIn(INVOICE_TIME_ZONE, deps.clock.now()),
    transactionDate: todayIn(INVOICE_TIME_ZONE, b.paidAt),
    customerName,
    billingType: b.billingType,
    status: b.status,
    items: lines.map((l) => ({
      date: l.date,
      title: language === 'ja' ? l.titleJa : l.titleEn,
      quantity: l.mealQuantities ? l.mealQuantities.reduce((s, q) => s + q.number, 0) : l.quantity,
      amount: l.amount + (l.adjustmentAmount ?? 0),
      rateType: l.effectiveTaxRateType,
    })),
    serviceCharge: { percentage: t.subtotalByServiceChargePercentage.percentage, amount: t.serviceChargeAmount },
    taxes: t.subtotalsByConsumptionTaxRate.map((r) => ({
      taxRate: r.taxRate,
      rateType: r.consumptionTaxRateType,
      amount: r.amount,
      taxAmount: r.taxAmount,
    })),
    accommodationTax: t.accommodationTax,
    total: b.totalAmount,
    deductions: b.deductions,
    points: b.pointPaymentAmount,
    paidByCard: b.fiatAmount,
    refunded: b.refundedAmount,
  };
  return { filename: `invoice-${b.billingNumber}.pdf`, pdf: renderInvoicePdf(model, deps.clock.now()) };
}
