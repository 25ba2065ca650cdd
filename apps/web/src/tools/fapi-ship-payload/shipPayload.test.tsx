import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpenApiValidateReply } from '@lab/core/contract';
import { takePlaygroundHandoff } from '@/lib/playground/handoff';
import { renderWithProviders } from '@/test/render';
import { clientConfig, COUNTRIES, fakeServer, type FakeRoutes } from '@/test/fakeServer';
import { ShipPayloadGenerator } from '@/components/ship-payload';
import { SHIP_PAYLOAD_SESSION_KEY } from '@/components/ship-payload/sessionState';
import ShipPayloadPage from './ShipPayloadPage';

type Json = Record<string, any>;

/** The ship document routes the generator calls (not in the shared route table: typed here). */
function server(extra: Record<string, (body: unknown) => { status?: number; body: unknown }> = {}) {
  return fakeServer({
    'GET /config': () => ({ body: { version: 't', fileShareUrl: null, publicBaseUrl: null, labelServiceUrl: null } }),
    'GET /utils/v1/iso3166/countries': () => ({ body: { data: COUNTRIES } }),
    'GET /openapi-docs': () => ({ body: { documents: [] } }),
    ...extra,
  } as unknown as FakeRoutes);
}

const json = () => JSON.parse(screen.getByTestId('ship-payload-json').textContent ?? '{}') as Json;
/** A tab by its label (a plain query: role queries are slow on a form this large). */
const tab = (name: string, { sub = false } = {}) => {
  const found = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].filter((t) => t.textContent === name);
  if (found.length !== (sub ? 2 : 1)) throw new Error(`${found.length} tabs named ${name}`);
  return found[found.length - 1]!;
};
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button')!;
const open = (name: string) => fireEvent.click(tab(name));

// The viewer rebuilds 300 ms after a change, and this form is large: give waits room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  sessionStorage.clear();
});

describe('Payload Generator', () => {
  it('is tagged EXPERIMENT, has the seven tabs and shows the default payload (built-in lists when the document is not imported)', async () => {
    server();
    renderWithProviders(<ShipPayloadPage />);
    expect(screen.getByTestId('ship-payload-experiment')).toHaveTextContent('EXPERIMENT');
    for (const name of ['General', 'Label', 'Payment', 'Address', 'Service', 'Commodity', 'Package'])
      expect(tab(name)).toBeInTheDocument();
    await waitFor(() => expect(json().requestedShipment.shipper.address.countryCode).toBe('CN'));
    expect(json().requestedShipment.recipients[0].address.countryCode).toBe('US');
    expect(
      await screen.findByText('Choices from the built-in lists: the ship document is not imported'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('ship-payload-json')).toHaveStyle({ height: '500px' });
    expect(screen.getByText('No warnings')).toBeInTheDocument();
  });

  it('rebuilds the JSON shortly after a change, not on the keystroke itself', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    await waitFor(() => expect(json().accountNumber).toEqual({ value: '' }));
    fireEvent.change(document.querySelector('#spg-accountNumber')!, { target: { value: '7' } });
    fireEvent.change(document.querySelector('#spg-accountNumber')!, { target: { value: '74' } });
    expect(json().accountNumber).toEqual({ value: '' });
    await waitFor(() => expect(json().accountNumber).toEqual({ value: '74' }));
  });

  it('enables the ETD, BSO and HAL sub-tabs only with their special services, and adds their parts', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    open('Service');
    for (const name of ['ETD', 'BSO', 'HAL']) expect(tab(name)).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByLabelText('ELECTRONIC_TRADE_DOCUMENTS', { selector: 'input[type=checkbox]' }));
    expect(tab('ETD')).toHaveAttribute('aria-disabled', 'false');
    await waitFor(() =>
      expect(json().requestedShipment.shipmentSpecialServices.etdDetail).toEqual({
        requestedDocumentTypes: ['COMMERCIAL_INVOICE'],
      }),
    );
    fireEvent.click(screen.getByLabelText('HOLD_AT_LOCATION', { selector: 'input[type=checkbox]' }));
    expect(tab('HAL')).toHaveAttribute('aria-disabled', 'false');
    expect(tab('BSO')).toHaveAttribute('aria-disabled', 'true');
    open('HAL');
    fireEvent.change(screen.getByLabelText('Location id'), { target: { value: 'MEMA' } });
    await waitFor(() =>
      expect(json().requestedShipment.shipmentSpecialServices.holdAtLocationDetail).toEqual({ locationId: 'MEMA' }),
    );
    // Unticking gives the sub-tab up (the first sub-tab shows) and removes its part.
    fireEvent.click(tab('General', { sub: true }));
    fireEvent.click(screen.getByLabelText('HOLD_AT_LOCATION', { selector: 'input[type=checkbox]' }));
    expect(tab('HAL')).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(json().requestedShipment.shipmentSpecialServices.holdAtLocationDetail).toBeUndefined());
  });

  it('enables the freight inputs only for INTERNATIONAL_PRIORITY_FREIGHT', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    open('Service');
    expect(screen.getByLabelText('Booking confirmation number')).toBeDisabled();
    fireEvent.mouseDown(screen.getByLabelText('Service type'));
    fireEvent.click(await screen.findByTitle('INTERNATIONAL_PRIORITY_FREIGHT'));
    expect(screen.getByLabelText('Booking confirmation number')).toBeEnabled();
    await waitFor(() => expect(json().requestedShipment.expressFreightDetail).toEqual({ packingListEnclosed: false }));
  });

  it('enables Additional Label with its checkbox and keeps Doc Tab off unless thermal on a DOC_TAB stock', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    open('Label');
    expect(tab('Additional Label')).toHaveAttribute('aria-disabled', 'true');
    expect(tab('Doc Tab')).toHaveAttribute('aria-disabled', 'true');
    open('Advanced');
    expect(screen.getByLabelText('Label order')).toBeDisabled();
    expect(screen.getByLabelText('Doc Tab', { selector: 'input[type=checkbox]' })).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Additional Label', { selector: 'input[type=checkbox]' }));
    expect(tab('Additional Label')).toHaveAttribute('aria-disabled', 'false');
    await waitFor(() =>
      expect(json().requestedShipment.labelSpecification.customerSpecifiedDetail).toEqual({
        additionalLabels: [{ type: 'CONSIGNEE', count: 1 }],
      }),
    );
  });

  it('disables the ECI sub-tab when ECI is off and empties the shipping document types', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    open('Commodity');
    expect(tab('ECI')).toHaveAttribute('aria-disabled', 'false');
    fireEvent.click(screen.getByLabelText('ECI (electronic commercial invoice)', { selector: 'input[type=checkbox]' }));
    expect(tab('ECI')).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() =>
      expect(json().requestedShipment.shippingDocumentSpecification).toEqual({ shippingDocumentTypes: [] }),
    );
  });

  it('keeps the payor account disabled for SENDER', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    open('Payment');
    expect(screen.getByLabelText('Payor account')).toBeDisabled();
    expect(screen.getByLabelText('Duties payor account')).toBeDisabled();
  });

  it('shows warnings beside their fields and in the list', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    fireEvent.click(screen.getByLabelText('Total declared value (USD)', { selector: 'input[type=checkbox]' }));
    fireEvent.change(document.querySelector('#spg-totalDeclaredValue')!, { target: { value: '100' } });
    const message = 'Total declared value 100.00 is more than the total customs value 55.00';
    expect(await screen.findByTestId('warning-spg-totalDeclaredValue')).toHaveTextContent(message);
    expect(within(screen.getByTestId('ship-payload-warnings')).getByText(message)).toBeInTheDocument();
    open('Address');
    expect(screen.getByLabelText('City', { selector: '#spg-recipient-city' })).toBeEnabled();
    fireEvent.change(document.querySelector('#spg-recipient-city')!, { target: { value: 'X'.repeat(40) } });
    expect(await screen.findByTestId('warning-spg-recipient-city')).toHaveTextContent(
      'City is longer than 35 characters; cut to 35',
    );
  });

  it('offers the product’s extra values marked "not in the current API document" and warns when one is picked', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    open('Service');
    fireEvent.mouseDown(screen.getByLabelText('Pickup type'));
    const option = await screen.findByText('ON_CALL · not in the current API document');
    fireEvent.click(option);
    expect(await screen.findByTestId('warning-spg-pickupType')).toHaveTextContent(
      'ON_CALL: not in the current API document',
    );
  });

  it('reads the choices from the imported ship document', async () => {
    server({
      'GET /openapi-docs': () => ({ body: { documents: [{ name: 'ship--Shipment-Resource' }] } }),
      'GET /openapi-docs/ship--Shipment-Resource': () => ({
        body: {
          components: {
            schemas: {
              Full_Schema_Ship: {
                properties: {
                  requestedShipment: { properties: { pickupType: { enum: ['ON_CALL', 'USE_SCHEDULED_PICKUP'] } } },
                },
              },
            },
          },
        },
      }),
    });
    renderWithProviders(<ShipPayloadGenerator />);
    expect(await screen.findByText('Choices from the imported ship document')).toBeInTheDocument();
    open('Service');
    fireEvent.mouseDown(screen.getByLabelText('Pickup type'));
    expect(await screen.findByTitle('ON_CALL')).toBeInTheDocument();
  });

  it('validates through the server and lists the problems by path', async () => {
    const reply: OpenApiValidateReply = {
      imported: true,
      document: 'ship--Shipment-Resource',
      method: 'POST',
      path: '/ship/v1/shipments',
      valid: false,
      problems: [{ path: 'requestedShipment.pickupType', code: 'enum', message: 'must be one of the allowed values' }],
      lenient: [],
    };
    const { calls } = server({ 'POST /openapi-docs/validate': () => ({ body: reply }) });
    renderWithProviders(<ShipPayloadGenerator />);
    fireEvent.click(button('Validate'));
    const result = await screen.findByTestId('ship-payload-validation');
    expect(result).toHaveTextContent('1 problems against the ship document');
    expect(result).toHaveTextContent('requestedShipment.pickupType must be one of the allowed values');
    const call = calls.find((c) => c.path === '/openapi-docs/validate')!;
    expect(call.body).toMatchObject({ endpoint: 'ship-create', body: { labelResponseOptions: 'LABEL' } });
  });

  it('hands the current payload to the playground tab when opened from it', async () => {
    server();
    const onUse = vi.fn();
    renderWithProviders(<ShipPayloadGenerator onUse={onUse} />);
    expect(screen.queryByText('Send to playground')).toBeNull();
    fireEvent.click(screen.getByTestId('ship-payload-use'));
    expect(onUse).toHaveBeenCalledTimes(1);
    expect((onUse.mock.calls[0]![0] as Json).requestedShipment.serviceType).toBe('FEDEX_INTERNATIONAL_PRIORITY');
  });

  it('sends the payload to the playground from the page (handoff)', async () => {
    server();
    const { router } = renderWithProviders(<ShipPayloadPage />, { route: '/api/fapishippayloadgenerator' });
    fireEvent.click(button('Send to playground'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/api/fapi?handoff=1'),
    );
    const handoff = takePlaygroundHandoff();
    expect(handoff).toMatchObject({ endpointId: 'ship-create', source: 'Payload Generator' });
    expect((handoff!.body as Json).requestedShipment.shipper.address.countryCode).toBe('CN');
  });

  it('fills from a 020 transaction, lists each tag as mapped or not mapped, and starts a named party empty', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    fireEvent.click(button('From a transaction'));
    fireEvent.change(screen.getByLabelText('Paste a 020 tagged transaction'), {
      target: { value: '0,"020"11,"Recipient Co"50,"IT"79,"Shoes"1958,"Box"99,""' },
    });
    fireEvent.click(button('Fill'));
    expect(screen.getByTestId('spg-mapped-count')).toHaveTextContent('3 of 6 tags mapped');
    const table = screen.getByTestId('spg-tag-table');
    expect(within(table).getByText('requestedShipment.recipients[0].address.countryCode')).toBeInTheDocument();
    expect(within(table).getAllByText('not mapped')).toHaveLength(3);
    await waitFor(() => expect(json().requestedShipment.recipients[0].contact.companyName).toBe('Recipient Co'));
    expect(json().requestedShipment.customsClearanceDetail.commodities).toEqual([
      { description: 'Shoes', quantityUnits: 'PCS' },
    ]);
    // Issue 31: the recipient the transaction names starts empty, none of the sample's values stay.
    const recipient = json().requestedShipment.recipients[0];
    expect(recipient.address.countryCode).toBe('IT');
    expect(JSON.stringify(recipient)).not.toMatch(/Memphis|Jordan Lee|Lee Imports|"TN"|38125|Hacks Cross/);
    expect(json().requestedShipment.shipper.contact.personName).toBe('Li Lei'); // no shipper tag: kept
  });

  it('removes commercialInvoice when ECI is off (spec 001 §4; issue 31)', async () => {
    server();
    renderWithProviders(<ShipPayloadGenerator />);
    await waitFor(() => expect(json().requestedShipment.customsClearanceDetail.commercialInvoice).toBeDefined());
    open('Commodity');
    fireEvent.click(screen.getByLabelText('ECI (electronic commercial invoice)', { selector: 'input[type=checkbox]' }));
    await waitFor(() =>
      expect(json().requestedShipment.shippingDocumentSpecification).toEqual({ shippingDocumentTypes: [] }),
    );
    expect(Object.keys(json().requestedShipment.customsClearanceDetail)).not.toContain('commercialInvoice');
  });

  it('keeps the payload for the browser session: leaving the page and coming back restores it (issue 31)', async () => {
    server();
    const first = renderWithProviders(<ShipPayloadPage />);
    fireEvent.change(document.querySelector('#spg-accountNumber')!, { target: { value: '740561073' } });
    await waitFor(() => expect(json().accountNumber).toEqual({ value: '740561073' }));
    first.unmount();
    renderWithProviders(<ShipPayloadPage />);
    expect(document.querySelector('#spg-accountNumber')).toHaveValue('740561073');
    await waitFor(() => expect(json().accountNumber).toEqual({ value: '740561073' }));
  });
  describe("the ship date is the twin clock's today (issue 39 item 6)", () => {
    /** The built-in twin answers sandbox, its clock at `now`. */
    const twinServer = (now: string) =>
      server({
        'GET /config': () => ({ body: clientConfig({ carrierTwin: { sandbox: true, production: true } }) }),
        'GET /simulator/clock': (_b: unknown, url: URL) => ({
          body: { environment: url.searchParams.get('environment'), now, factor: 1 },
        }),
      } as unknown as Record<string, (body: unknown) => { body: unknown }>);
    const shipDate = () => json().requestedShipment.shipDatestamp as string;

    it('takes the day of GET /simulator/clock, and Reset keeps it', async () => {
      const { calls } = twinServer('2027-02-01T03:00:00.000Z');
      renderWithProviders(<ShipPayloadGenerator />);
      await waitFor(() => expect(shipDate()).toBe('2027-02-01'));
      expect(calls.filter((c) => c.path === '/simulator/clock').map((c) => c.search)).toContain('?environment=sandbox');
      fireEvent.change(document.querySelector('#spg-shipDate')!, { target: { value: '2027-02-03' } });
      await waitFor(() => expect(shipDate()).toBe('2027-02-03'));
      fireEvent.click(button('Reset'));
      await waitFor(() => expect(shipDate()).toBe('2027-02-01'));
    });

    it("moves a restored date before the twin's today to it, and keeps a later one", async () => {
      sessionStorage.setItem(SHIP_PAYLOAD_SESSION_KEY, JSON.stringify({ shipDate: '2024-05-20' }));
      twinServer('2027-02-01T03:00:00.000Z');
      const first = renderWithProviders(<ShipPayloadGenerator />);
      await waitFor(() => expect(shipDate()).toBe('2027-02-01'));
      first.unmount();
      sessionStorage.setItem(SHIP_PAYLOAD_SESSION_KEY, JSON.stringify({ shipDate: '2027-02-05' }));
      renderWithProviders(<ShipPayloadGenerator />);
      await waitFor(() => expect(json().requestedShipment.shipper).toBeDefined());
      await waitFor(() => expect(shipDate()).toBe('2027-02-05'));
    });
  });
});
