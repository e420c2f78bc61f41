/** The catalog: getProduct (filtered, paged) and setProduct (create/update, photo, automatic take-in). */
import { conflict, invalid, reason, type Params, type ProductRecord, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { insertAttachment } from '../../repos/attachments';
import { hasEnvfeeCode } from '../../repos/envfeeCodes';
import {
  getProductById, insertProduct, lockEan, parseFilter, productKinds, productWithEan, searchProducts, searchProductsByName, setProductPhoto, updateProduct,
  type Product, type ProductData,
} from '../../repos/products';
import { pullCursor } from '../../repos/changeCursor';
import { hasStock, lockStock } from '../../repos/stock';
import { decimal, missing, optNum, toMilli } from './common';
import { downloadPhoto, isPublicAddress, PhotoError, type Photo } from './photo';
import { checkTakeIn, placeTakeIn, type TakeIn } from './stock';
import { resolveWarehouse } from './warehouses';
import { checkVatRate } from '../vatRate';

const PAGE = 1000;

export function productOut(p: Product): ProductRecord {
  return {
    id: p.id, product_name: p.name, action: p.action, list_price: optNum(p.listPrice), wholesale_price: optNum(p.wholesalePrice),
    purchase_price: optNum(p.purchasePrice), currency: p.currency, vat: Number(p.vat), unit: p.unit, discount1: optNum(p.discount1),
    discount2: optNum(p.discount2), discount3: optNum(p.discount3), manufacturer: p.manufacturer, item_number: p.itemNumber,
    ean_number: p.eanNumber, foreign_item_number: p.foreignItemNumber, vtsz_number: p.vtszNumber, product_group: p.productGroup,
    description: p.description, notes: p.notes, tags: p.tags, photo: p.photo, photo_attachment_id: p.photoAttachmentId, size: p.size,
    color: p.color, net_weight: optNum(p.netWeight), accounting_number: p.accountingNumber, service: p.service, country_code: p.countryCode,
    envfee_code: p.envfeeCode, collective_product: p.components.map((c) => ({ id: c.id, qty: Number(c.qty) })),
    depreciation: optNum(p.depreciation), updated_at: p.updatedAt,
  };
}

export async function getProduct(ctx: RequestContext, p: Params<'getProduct'>): Promise<Result<'getProduct'>> {
  // Before the rows are read: the cursor never passes a write still to commit (repos/changeCursor.ts).
  const serverTime = await pullCursor(ctx.db, ctx.accountId, ctx.clock.now());
  // A narrowing search pages in name order (clerks scroll by name); every product ("%") and a
  // mirror's updated_since pull page in id order, which is what keyset mirroring needs.
  const byName = p.updated_since === undefined && !parseFilter(p.filter).all;
  const rows = await (byName
    ? searchProductsByName(ctx.db, ctx.accountId, { filter: p.filter, afterId: p.after_id, limit: PAGE + 1 })
    : searchProducts(ctx.db, ctx.accountId, { filter: p.filter, afterId: p.after_id, updatedSince: p.updated_since, limit: PAGE + 1 }));
  return { products: rows.slice(0, PAGE).map(productOut), more: rows.length > PAGE ? 1 : 0, server_time: serverTime };
}

/** Absent optional fields keep their stored value on update; an empty text clears it. */
function merge(p: Params<'setProduct'>, old: Product | undefined): ProductData {
  const text = (v: string | undefined, prev: string | undefined) => (v === undefined ? prev : v === '' ? undefined : v);
  const dec = (v: number | undefined, prev: string | undefined, field: string) => (v === undefined ? prev : decimal(v, field));
  return {
    name: p.product_name, action: p.action ?? old?.action ?? 0, currency: p.currency, vat: decimal(p.vat, 'vat'), unit: p.unit,
    listPrice: dec(p.list_price, old?.listPrice, 'list_price'), wholesalePrice: dec(p.wholesale_price, old?.wholesalePrice, 'wholesale_price'),
    purchasePrice: dec(p.purchase_price, old?.purchasePrice, 'purchase_price'), discount1: dec(p.discount1, old?.discount1, 'discount1'),
    discount2: dec(p.discount2, old?.discount2, 'discount2'), discount3: dec(p.discount3, old?.discount3, 'discount3'),
    manufacturer: text(p.manufacturer, old?.manufacturer), itemNumber: text(p.item_number, old?.itemNumber), eanNumber: p.ean_number ?? old?.eanNumber,
    foreignItemNumber: text(p.foreign_item_number, old?.foreignItemNumber), vtszNumber: p.vtsz_number ?? old?.vtszNumber,
    productGroup: text(p.product_group, old?.productGroup), description: text(p.description, old?.description), notes: text(p.notes, old?.notes),
    tags: p.tags ?? old?.tags ?? [], photo: text(p.photo, old?.photo), photoAttachmentId: p.photo === '' ? undefined : old?.photoAttachmentId,
    size: text(p.size, old?.size), color: text(p.color, old?.color), netWeight: dec(p.net_weight, old?.netWeight, 'net_weight'),
    accountingNumber: text(p.accounting_number, old?.accountingNumber), service: p.service ?? old?.service ?? 0,
    countryCode: p.country_code ?? old?.countryCode, envfeeCode: p.envfee_code ?? old?.envfeeCode,
    depreciation: dec(p.depreciation, old?.depreciation, 'depreciation'),
    components: p.collective_product ? p.collective_product.map((c, i) => ({ id: c.id, qty: decimal(c.qty, `collective_product[${i}].qty`) })) : (old?.components ?? []),
  };
}

async function checkProduct(ctx: RequestContext, sql: Sql, id: number | undefined, d: ProductData): Promise<void> {
  const kinds = await productKinds(sql, ctx.accountId, d.components.map((c) => c.id));
  d.components.forEach((c, i) => {
    if (c.id === id) throw invalid('A collective product cannot contain itself.', [{ field: `collective_product[${i}].id`, message: 'is the product itself' }]);
    if (!kinds.has(c.id)) missing('product', `collective_product[${i}].id`, c.id);
  });
  if (d.envfeeCode !== undefined && !(await hasEnvfeeCode(sql, ctx.accountId, d.envfeeCode))) {
    throw invalid(`envfee_code ${d.envfeeCode} is not defined in your account's environmental fee settings.`, [{ field: 'envfee_code', message: 'is not a defined environmental fee code' }],
      reason('undefined_envfee_code', { code: d.envfeeCode }));
  }
  // The product's stock lock first, as a take-in takes it: one in flight commits before the stock is read (docs/invariants.md).
  if (id !== undefined && d.service === 1) await lockStock(sql, ctx.accountId, [id]);
  if (id !== undefined && d.service === 1 && (await hasStock(sql, ctx.accountId, id))) {
    throw conflict(`Product ${id} still has stock; waste or deliver it before making the product a service.`, [{ field: 'service', message: 'the product has stock' }], reason('product_has_stock', { product_id: id }));
  }
}

/**
 * One EAN/GTIN names one product of the account. Checked only when the code is new to this product,
 * so a product that shares its code from before the rule can still be edited; the lock makes two
 * requests with the same new code take turns (repos/products.ts lockEan).
 */
async function checkEan(ctx: RequestContext, sql: Sql, id: number | undefined, ean: string | undefined, old: Product | undefined): Promise<void> {
  if (!ean || ean === old?.eanNumber) return;
  await lockEan(sql, ctx.accountId, ean);
  const other = await productWithEan(sql, ctx.accountId, ean, id);
  if (!other) return;
  const who = `product ${other.id}${other.itemNumber ? ` (${other.itemNumber})` : ''} "${other.name}"`;
  throw conflict(`EAN ${ean} belongs to ${who} already; one EAN names one product. Correct the code, or edit that product.`,
    [{ field: 'ean_number', message: `is the EAN of "${other.name}"${other.itemNumber ? ` (${other.itemNumber})` : ''} already` }],
    reason('duplicate_ean', { ean, product_id: other.id, item_number: other.itemNumber, product_name: other.name }));
}

async function takeInOf(ctx: RequestContext, sql: Sql, p: Params<'setProduct'>, create: boolean): Promise<TakeIn | undefined> {
  if (!p.takein_quantity) return undefined;
  const warehouse = p.takein_warehouse ?? 'Default';
  if (warehouse === '*') throw invalid('takein_warehouse must name one warehouse.', [{ field: 'takein_warehouse', message: 'must name one warehouse' }]);
  return {
    qtyMilli: toMilli(p.takein_quantity, 'takein_quantity'), warehouse: await resolveWarehouse(ctx, sql, warehouse, 'takein_warehouse', create), label: '',
    contactId: p.takein_contact_id, productType: p.takein_product_type, startSerial: p.takein_start_serial_number, price: p.takein_price,
    currency: p.takein_currency, fxrate: p.takein_fxrate, date: p.takein_date, grossWeight: p.takein_gross_weight,
    packageType: p.takein_package_type === undefined ? undefined : String(p.takein_package_type), countryCode: p.takein_country_code,
    batchNo: p.takein_batch_no, expireDate: p.takein_expire_date,
  };
}

async function fetchPhoto(ctx: RequestContext, url: string): Promise<Photo> {
  try {
    return await downloadPhoto(url, {
      timeoutMs: ctx.config.photoTimeoutMs, maxBytes: ctx.config.photoMaxBytes,
      allowAddress: ctx.config.allowPrivatePhotoHosts ? () => true : isPublicAddress,
    });
  } catch (e) {
    if (!(e instanceof PhotoError)) throw e;
    throw invalid(`The photo could not be stored: ${e.message}. Nothing was saved.`, [{ field: 'photo', message: e.message }]);
  }
}

export async function setProduct(ctx: RequestContext, p: Params<'setProduct'>): Promise<Result<'setProduct'>> {
  const id = p.id ? p.id : undefined;
  const before = id === undefined ? undefined : await getProductById(ctx.db, ctx.accountId, id);
  if (id !== undefined && !before) missing('product', 'id', id);
  // The download happens before the transaction; an unchanged URL with a stored photo is not fetched again.
  const photo = p.photo && !(before?.photo === p.photo && before.photoAttachmentId) ? await fetchPhoto(ctx, p.photo) : undefined;
  return ctx.commit(async (db) => {
    const { accountId } = ctx;
    const now = ctx.clock.now();
    const old = id === undefined ? undefined : ((await getProductById(db, accountId, id)) ?? missing('product', 'id', id));
    const data = merge(p, old);
    await checkVatRate(db, accountId, data.vat, 'vat');
    await checkEan(ctx, db, id, data.eanNumber, old);
    await checkProduct(ctx, db, id, data);
    const takeIn = await takeInOf(ctx, db, p, true);
    const productId = id ?? (await insertProduct(db, accountId, data, now));
    if (id !== undefined) await updateProduct(db, accountId, id, data, now);
    const product = (await getProductById(db, accountId, productId))!;
    if (photo) {
      const attachmentId = await insertAttachment(db, accountId, { ownerType: 'product', ownerId: productId, kind: 'photo', ...photo }, now);
      await setProductPhoto(db, accountId, productId, attachmentId);
    }
    let takeinReceiptId: number | undefined;
    if (takeIn) {
      await checkTakeIn(ctx, db, product, takeIn, 'takein_');
      takeinReceiptId = (await placeTakeIn(ctx, db, product, takeIn, 'takein_')).receiptId;
    }
    return { id: productId, created: id === undefined ? 1 : 0, ...(takeinReceiptId ? { takein_receipt_id: takeinReceiptId } : {}) };
  });
}

