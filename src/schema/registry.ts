import admin_charge from '../../schemas/admin_charge.json';
import asset from '../../schemas/asset.json';
import asset_category from '../../schemas/asset_category.json';
import audit_event from '../../schemas/audit_event.json';
import bulk_upload from '../../schemas/bulk_upload.json';
import capture from '../../schemas/capture.json';
import category from '../../schemas/category.json';
import change_history from '../../schemas/change_history.json';
import commission_rule from '../../schemas/commission_rule.json';
import compliance from '../../schemas/compliance.json';
import contract from '../../schemas/contract.json';
import customer from '../../schemas/customer.json';
import demo_guide from '../../schemas/demo_guide.json';
import deposit from '../../schemas/deposit.json';
import document from '../../schemas/document.json';
import email_template from '../../schemas/email_template.json';
import employee from '../../schemas/employee.json';
import expense from '../../schemas/expense.json';
import expense_category from '../../schemas/expense_category.json';
import faq from '../../schemas/faq.json';
import invoice from '../../schemas/invoice.json';
import merchant from '../../schemas/merchant.json';
import merchant_service from '../../schemas/merchant_service.json';
import notification from '../../schemas/notification.json';
import notification_setting from '../../schemas/notification_setting.json';
import open_invoice from '../../schemas/open_invoice.json';
import payment_transfer from '../../schemas/payment_transfer.json';
import pos_terminal from '../../schemas/pos_terminal.json';
import product from '../../schemas/product.json';
import refund from '../../schemas/refund.json';
import rent_invoice from '../../schemas/rent_invoice.json';
import sale_admin_charge from '../../schemas/sale_admin_charge.json';
import sale_list from '../../schemas/sale_list.json';
import sale_order from '../../schemas/sale_order.json';
import saved_view from '../../schemas/saved_view.json';
import signatory from '../../schemas/signatory.json';
import subscription from '../../schemas/subscription.json';
import tenant from '../../schemas/tenant.json';
import terminal_subscription from '../../schemas/terminal_subscription.json';
import transaction from '../../schemas/transaction.json';
import unit from '../../schemas/unit.json';
import unit_category from '../../schemas/unit_category.json';
import webhook_delivery from '../../schemas/webhook_delivery.json';
import type { EntitySchema } from './types';

/**
 * Every entity schema of the product, by `$id`. A new entity is one JSON file in `schemas/` and one
 * line here; a new field is an edit of its JSON file only.
 */
export const entitySchemas: Record<string, EntitySchema> = Object.fromEntries(
  [
    invoice,
    open_invoice,
    bulk_upload,
    transaction,
    webhook_delivery,
    refund,
    capture,
    payment_transfer,
    admin_charge,
    commission_rule,
    subscription,
    category,
    product,
    sale_list,
    sale_order,
    sale_admin_charge,
    email_template,
    employee,
    pos_terminal,
    terminal_subscription,
    customer,
    asset,
    unit,
    tenant,
    expense,
    asset_category,
    unit_category,
    expense_category,
    contract,
    deposit,
    rent_invoice,
    change_history,
    audit_event,
    merchant,
    merchant_service,
    compliance,
    signatory,
    document,
    notification,
    notification_setting,
    faq,
    demo_guide,
    saved_view,
  ].map((schema) => [schema.$id, schema as unknown as EntitySchema]),
);

export function getEntitySchema(name: string): EntitySchema {
  const schema = entitySchemas[name];
  if (!schema) throw new Error(`Unknown entity schema: ${name}`);
  return schema;
}
