/**
 * Bodies written the way the API document's samples write them (CDATA credentials, `<tags><tag>`,
 * comma-separated JSON tags, checkbox custom fields with `node`, collective_product components,
 * invoice retentions, an empty `<custom_price/>`): the XML and the JSON spelling of the same
 * command must decode to the same params.
 */
import { describe, expect, it } from 'vitest';
import { decodeRequest, type DecodedRequest, type MethodName } from '@shared/protocol';

function decode<M extends MethodName>(method: M, body: string, contentType: string): DecodedRequest<M> {
  const r = decodeRequest(body, contentType);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  expect(r.request.method).toBe(method);
  return r.request as DecodedRequest<M>;
}
const xml = <M extends MethodName>(method: M, body: string) => decode(method, body, 'text/xml; charset=utf-8');
const json = <M extends MethodName>(method: M, body: string) => decode(method, body, 'application/json');

const CREDS = { api_key: 'ak_7f3e&9c1b<2d4a', session_key: 'sk_2026 4b6d' };

describe('setProduct as in the document', () => {
  const xmlBody = `<?xml version="1.0" encoding="UTF-8"?>
<command>
  <setProduct>
    <api_key><![CDATA[ak_7f3e&9c1b<2d4a]]></api_key>
    <session_key><![CDATA[sk_2026 4b6d]]></session_key>
    <id>0</id>
    <product_name><![CDATA[Kerti szék <fenyő> & lakk]]></product_name>
    <action>0</action>
    <list_price>12990</list_price>
    <currency>huf</currency>
    <vat>27</vat>
    <unit>db</unit>
    <discount1></discount1>
    <manufacturer>Faipari &amp; Társa</manufacturer>
    <ean_number>5901234123457</ean_number>
    <description><![CDATA[Első sor
második sor]]></description>
    <tags>
      <tag>kert</tag>
      <tag>nyár</tag>
    </tags>
    <service>0</service>
    <country_code>hu</country_code>
    <collective_product>
      <component>
        <id>501</id>
        <qty>4</qty>
      </component>
      <component>
        <id>502</id>
        <qty>0.5</qty>
      </component>
    </collective_product>
    <depreciation>3.5</depreciation>
    <takein_quantity>120</takein_quantity>
    <takein_contact_id>3301</takein_contact_id>
    <takein_product_type>1</takein_product_type>
    <takein_date>2026-11-20</takein_date>
    <takein_warehouse>Default</takein_warehouse>
  </setProduct>
</command>`;

  const expected = {
    id: 0,
    product_name: 'Kerti szék <fenyő> & lakk',
    action: 0,
    list_price: 12990,
    currency: 'HUF',
    vat: 27,
    unit: 'db',
    discount1: undefined,
    manufacturer: 'Faipari & Társa',
    ean_number: '5901234123457',
    description: 'Első sor\nmásodik sor',
    tags: ['kert', 'nyár'],
    service: 0,
    country_code: 'HU',
    collective_product: [
      { id: 501, qty: 4 },
      { id: 502, qty: 0.5 },
    ],
    depreciation: 3.5,
    takein_quantity: 120,
    takein_contact_id: 3301,
    takein_product_type: 1,
    takein_date: '2026-11-20',
    takein_warehouse: 'Default',
  };

  const jsonBase = {
    api_key: CREDS.api_key,
    session_key: CREDS.session_key,
    id: '0',
    product_name: 'Kerti szék <fenyő> & lakk',
    action: 0,
    list_price: '12990',
    currency: 'huf',
    vat: 27,
    unit: 'db',
    discount1: '',
    manufacturer: 'Faipari & Társa',
    ean_number: '5901234123457',
    description: 'Első sor\nmásodik sor',
    service: '0',
    country_code: 'hu',
    collective_product: [
      { id: 501, qty: 4 },
      { id: '502', qty: '0.5' },
    ],
    depreciation: 3.5,
    takein_quantity: 120,
    takein_contact_id: 3301,
    takein_product_type: '1',
    takein_date: '2026-11-20',
    takein_warehouse: 'Default',
  };

  it('XML with CDATA credentials and values decodes to the expected params', () => {
    const r = xml('setProduct', xmlBody);
        expect(r.credentials).toEqual(CREDS);
    expect(r.params).toEqual(expected);
  });

  it.each([
    ['a comma-separated string', 'kert, nyár'],
    ['a list of {tag} objects', [{ tag: 'kert' }, { tag: 'nyár' }]],
    ['a list of strings', ['kert', 'nyár']],
    ['the XML shape {tag: [...]}', { tag: ['kert', 'nyár'] }],
  ])('JSON with tags as %s decodes like the XML', (_what, tags) => {
    const r = json('setProduct', JSON.stringify({ setProduct: { ...jsonBase, tags } }));
    expect(r.credentials).toEqual(CREDS);
    expect(r.params).toEqual(xml('setProduct', xmlBody).params);
    expect(r.params).toEqual(expected);
  });

  it('one tag: <tags><tag> with a comma in it stays one tag, like JSON [{"tag": …}]', () => {
    const one = xmlBody.replace(/<tags>[\s\S]*<\/tags>/, '<tags><tag>bútor, fa</tag></tags>');
    expect(xml('setProduct', one).params.tags).toEqual(['bútor, fa']);
    expect(json('setProduct', JSON.stringify({ setProduct: { ...jsonBase, tags: [{ tag: 'bútor, fa' }] } })).params.tags).toEqual(['bútor, fa']);
    expect(json('setProduct', JSON.stringify({ setProduct: { ...jsonBase, tags: { tag: 'bútor, fa' } } })).params.tags).toEqual(['bútor, fa']);
  });

  it('one component: a single <component> is a one-element list, as in JSON', () => {
    const one = xmlBody.replace(/<collective_product>[\s\S]*<\/collective_product>/, '<collective_product><component><id>501</id><qty>4</qty></component></collective_product>');
    const expectedOne = [{ id: 501, qty: 4 }];
    expect(xml('setProduct', one).params.collective_product).toEqual(expectedOne);
    for (const cp of [[{ id: 501, qty: 4 }], { id: 501, qty: 4 }, { component: { id: 501, qty: 4 } }, { component: [{ id: 501, qty: 4 }] }]) {
      expect(json('setProduct', JSON.stringify({ setProduct: { ...jsonBase, collective_product: cp } })).params.collective_product).toEqual(expectedOne);
    }
  });

  it('numeric character references decode like the characters themselves', () => {
    const refs = xmlBody.replace('<unit>db</unit>', '<unit>&#100;&#x62;</unit>').replace('Faipari &amp; Társa', 'Faipari &#38; T&#xE1;rsa');
    expect(xml('setProduct', refs).params).toEqual(expected);
  });
});

describe('setOrder as in the document', () => {
  const xmlBody = `<?xml version="1.0" encoding="UTF-8"?>
<command>
  <setOrder>
    <api_key><![CDATA[ak_7f3e&9c1b<2d4a]]></api_key>
    <session_key><![CDATA[sk_2026 4b6d]]></session_key>
    <warehouse>Default</warehouse>
    <shipping_aim>Sale</shipping_aim>
    <method>Transfer</method>
    <issued_date>2026-11-22</issued_date>
    <selected_account><![CDATA[11773016-11111018-00000000]]></selected_account>
    <contact_id>3301</contact_id>
    <currency>EUR</currency>
    <language>en_US</language>
    <order_description><![CDATA[Webshop #99812 <gift>]]></order_description>
    <finalize_order>0</finalize_order>
    <fx_rate>395.12</fx_rate>
    <items>
      <item>
        <product_id>812</product_id>
        <quantity>2</quantity>
        <unit>db</unit>
        <custom_price/>
        <discount>0</discount>
        <description/>
      </item>
      <item>
        <product_id>501</product_id>
        <quantity>1.5</quantity>
        <custom_price>32.90</custom_price>
        <discount>10</discount>
      </item>
    </items>
    <custom_fields>
      <Delivery_note><![CDATA[Ring twice & wait]]></Delivery_note>
      <Checked><node>yes</node></Checked>
      <Colors><node>red</node><node>blue</node></Colors>
      <Empty/>
    </custom_fields>
  </setOrder>
</command>`;

  const jsonBody = JSON.stringify({
    setOrder: {
      api_key: CREDS.api_key,
      session_key: CREDS.session_key,
      warehouse: 'Default',
      shipping_aim: 'Sale',
      method: 'Transfer',
      issued_date: '2026-11-22',
      selected_account: '11773016-11111018-00000000',
      contact_id: '3301',
      currency: 'EUR',
      language: 'en_US',
      order_description: 'Webshop #99812 <gift>',
      finalize_order: 0,
      fx_rate: 395.12,
      items: [
        { product_id: 812, quantity: 2, unit: 'db', custom_price: '', discount: 0, description: '' },
        { product_id: 501, quantity: '1.5', custom_price: '32.90', discount: 10 },
      ],
      custom_fields: { Delivery_note: 'Ring twice & wait', Checked: { node: 'yes' }, Colors: { node: ['red', 'blue'] }, Empty: '' },
    },
  });

  const expected = {
    warehouse: 'Default',
    shipping_aim: 'Sale',
    method: 'transfer',
    issued_date: '2026-11-22',
    selected_account: '11773016-11111018-00000000',
    contact_id: 3301,
    currency: 'EUR',
    language: 'en_US',
    order_description: 'Webshop #99812 <gift>',
    finalize_order: 0,
    fx_rate: 395.12,
    items: [
      { product_id: 812, quantity: 2, unit: 'db', custom_price: undefined, discount: 0, description: '' },
      { product_id: 501, quantity: 1.5, custom_price: 32.9, discount: 10 },
    ],
    custom_fields: { Delivery_note: 'Ring twice & wait', Checked: ['yes'], Colors: ['red', 'blue'], Empty: '' },
  };

  it('XML and JSON decode to the same params', () => {
    const a = xml('setOrder', xmlBody);
    const b = json('setOrder', jsonBody);
    expect(a.credentials).toEqual(CREDS);
    expect(b.credentials).toEqual(CREDS);
    expect(a.params).toEqual(expected);
    expect(b.params).toEqual(a.params);
  });

  it('an empty <custom_price/> means the list price: the field is absent, not 0', () => {
    const item = xml('setOrder', xmlBody).params.items[0]!;
    expect(item.custom_price).toBeUndefined();
    expect(json('setOrder', jsonBody).params.items[0]!.custom_price).toBeUndefined();
  });

  it('JSON checkbox as a plain list decodes like {node: …}', () => {
    const body = jsonBody.replace('{"node":"yes"}', '["yes"]');
    expect(json('setOrder', body).params.custom_fields).toEqual(expected.custom_fields);
  });

  it('a single <item> is a one-element list, as is JSON {"item": {…}}', () => {
    const one = xmlBody.replace(/<item>\s*<product_id>501[\s\S]*?<\/item>/, '');
    expect(xml('setOrder', one).params.items).toEqual([expected.items[0]]);
    const body = JSON.parse(jsonBody) as { setOrder: { items: unknown[] } };
    body.setOrder.items = { item: body.setOrder.items[0] } as never;
    expect(json('setOrder', JSON.stringify(body)).params.items).toEqual([expected.items[0]]);
  });
});

describe('setInvoice as in the document', () => {
  const xmlBody = `<?xml version="1.0" encoding="UTF-8"?>
<command>
  <setInvoice>
    <api_key><![CDATA[ak_7f3e&9c1b<2d4a]]></api_key>
    <session_key><![CDATA[sk_2026 4b6d]]></session_key>
    <crdr>outgoing</crdr>
    <method>transfer</method>
    <issued_date>2026-11-22</issued_date>
    <payment_date>2026-12-07</payment_date>
    <fulfillment_date>2026-11-20</fulfillment_date>
    <selected_account>11773016-11111018-00000000</selected_account>
    <contact_id>3301</contact_id>
    <currency>HUF</currency>
    <customer_vat_type>DOMESTIC</customer_vat_type>
    <language>hu_HU</language>
    <email>billing@customer.example.com</email>
    <esignature>0</esignature>
    <invoice_description><![CDATA[Köszönjük a vásárlást!]]></invoice_description>
    <items>
      <item>
        <name><![CDATA[Kerti szék, fenyő]]></name>
        <unit_price>12990</unit_price>
        <unit>db</unit>
        <quantity>4</quantity>
        <vat>27</vat>
        <discount>5</discount>
        <description></description>
        <product_id></product_id>
        <deposit>0</deposit>
        <custom_fields>
          <Serial>KSZ-1</Serial>
          <Warranty><node>2 years</node></Warranty>
        </custom_fields>
      </item>
    </items>
    <custom_fields>
      <Project>Garden 2026</Project>
      <Approved><node>yes</node></Approved>
    </custom_fields>
    <retentions>
      <retention>
        <name>Warranty retention</name>
        <amount>5000</amount>
        <due_date>2027-11-22</due_date>
        <note></note>
        <type>1</type>
        <vat>27</vat>
      </retention>
      <retention>
        <name>Performance bond</name>
        <amount>2500.5</amount>
        <due_date>2027-05-22</due_date>
        <note>Released after acceptance</note>
        <type>2</type>
        <vat>0</vat>
      </retention>
    </retentions>
  </setInvoice>
</command>`;

  const jsonBody = JSON.stringify({
    setInvoice: {
      api_key: CREDS.api_key,
      session_key: CREDS.session_key,
      crdr: 'outgoing',
      method: 'transfer',
      issued_date: '2026-11-22',
      payment_date: '2026-12-07',
      fulfillment_date: '2026-11-20',
      selected_account: '11773016-11111018-00000000',
      contact_id: 3301,
      currency: 'HUF',
      customer_vat_type: 'DOMESTIC',
      language: 'hu_HU',
      email: 'billing@customer.example.com',
      esignature: 0,
      invoice_description: 'Köszönjük a vásárlást!',
      items: [
        {
          name: 'Kerti szék, fenyő',
          unit_price: 12990,
          unit: 'db',
          quantity: 4,
          vat: 27,
          discount: 5,
          description: '',
          product_id: '',
          deposit: 0,
          custom_fields: { Serial: 'KSZ-1', Warranty: { node: '2 years' } },
        },
      ],
      custom_fields: { Project: 'Garden 2026', Approved: { node: 'yes' } },
      retentions: [
        { name: 'Warranty retention', amount: 5000, due_date: '2027-11-22', note: '', type: 1, vat: 27 },
        { name: 'Performance bond', amount: '2500.5', due_date: '2027-05-22', note: 'Released after acceptance', type: '2', vat: '0' },
      ],
    },
  });

  it('XML and JSON decode to the same params, retentions and item custom fields included', () => {
    const a = xml('setInvoice', xmlBody).params;
    const b = json('setInvoice', jsonBody).params;
    expect(b).toEqual(a);
    expect(a.retentions).toEqual([
      { name: 'Warranty retention', amount: 5000, due_date: '2027-11-22', note: '', type: 1, vat: 27 },
      { name: 'Performance bond', amount: 2500.5, due_date: '2027-05-22', note: 'Released after acceptance', type: 2, vat: 0 },
    ]);
    expect(a.items).toEqual([
      {
        name: 'Kerti szék, fenyő',
        unit_price: 12990,
        unit: 'db',
        quantity: 4,
        vat: 27,
        discount: 5,
        description: '',
        product_id: undefined,
        deposit: 0,
        custom_fields: { Serial: 'KSZ-1', Warranty: ['2 years'] },
      },
    ]);
    expect(a.custom_fields).toEqual({ Project: 'Garden 2026', Approved: ['yes'] });
  });

  it('a single <retention> is a one-element list', () => {
    const one = xmlBody.replace(/<retention>\s*<name>Performance bond[\s\S]*?<\/retention>/, '');
    expect(xml('setInvoice', one).params.retentions).toHaveLength(1);
  });

  it('an empty <retentions/> is an empty list, as JSON []', () => {
    const none = xmlBody.replace(/<retentions>[\s\S]*<\/retentions>/, '<retentions/>');
    expect(xml('setInvoice', none).params.retentions).toEqual([]);
    const body = JSON.parse(jsonBody) as { setInvoice: Record<string, unknown> };
    body.setInvoice.retentions = [];
    expect(json('setInvoice', JSON.stringify(body)).params.retentions).toEqual([]);
  });
});

describe('other methods in both formats', () => {
  it.each([
    ['getQuantity', '<product_id>812</product_id><warehouse>*</warehouse>', { product_id: 812, warehouse: '*' }],
    ['getProduct', '<filter><![CDATA[%szék%]]></filter>', { filter: '%szék%' }],
    ['getInvoices', '<date_from>2026-01-01</date_from><date_to>2026-01-31</date_to>', { date_from: '2026-01-01', date_to: '2026-01-31' }],
    ['setPOTakeIn', '<PO>17</PO><gross_weight>250.5</gross_weight><package_type/>', { PO: 17, gross_weight: 250.5, package_type: '' }],
    ['getQuantities', '<product_ids><product_id>812</product_id></product_ids>', { product_ids: ['812'] }],
  ])('%s', (method, xmlParams, jsonParams) => {
    const a = xml(method as MethodName, `<command><${method}><api_key>k</api_key><session_key>s</session_key>${xmlParams}</${method}></command>`);
    const b = json(method as MethodName, JSON.stringify({ [method]: { api_key: 'k', session_key: 's', ...jsonParams } }));
    expect(b.params).toEqual(a.params);
    expect(a.credentials).toEqual({ api_key: 'k', session_key: 's' });
  });

  it('a method without parameters accepts an empty element, an empty object and null', () => {
    for (const body of ['<command><getWarehouses/></command>', '<command><getWarehouses></getWarehouses></command>']) {
      expect(xml('getWarehouses', body).params).toEqual({});
    }
    expect(json('getWarehouses', '{"getWarehouses": {}}').params).toEqual({});
    expect(json('getWarehouses', '{"getWarehouses": null}').params).toEqual({});
  });

  it('a UTF-8 byte-order mark is ignored', () => {
    expect(xml('getWarehouses', '\uFEFF<command><getWarehouses/></command>').method).toBe('getWarehouses');
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"getWarehouses": {}}')]);
    const r = decodeRequest(bytes, 'application/json');
    expect(r.ok).toBe(true);
  });

  it('a body with a generic Content-Type is sniffed', () => {
    for (const ct of [undefined, '', 'text/plain', 'application/octet-stream', 'application/x-www-form-urlencoded']) {
      const a = decodeRequest('<command><getWarehouses/></command>', ct);
      const b = decodeRequest(' {"getWarehouses": {}}', ct);
      expect(a.ok && a.request.format).toBe('xml');
      expect(b.ok && b.request.format).toBe('json');
    }
  });
});
