import { Suspense } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync } from 'fflate';
import {
  CARRIER_OPERATED_TYPES,
  labelResponseOption,
  readLocations,
  readPostal,
  readShipment,
} from '@lab/core/carrier/replies';
import { bytesOf } from '@/test/blobs';
import { renderWithProviders } from '@/test/render';
import type { CarrierCallResult, ResponseDemoProps } from '../shared/types';
import { ResponseDemo } from './index';
import { demoKind, externalMapUrl } from './model';

const saved = vi.hoisted(() => [] as { blob: Blob; name: string }[]);
const pdfCalls = vi.hoisted(() => [] as number[]);

vi.mock('@/components/label-viewer/download', () => ({
  downloadBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
  openBlobInNewTab: () => {},
}));
// pdf.js does not run in jsdom: the invoice comes back as two PNG pages, and PDFs do not open.
vi.mock('@/components/label-viewer/pdf', () => ({
  pdfToPngs: async (_bytes: Uint8Array, scale: number) => {
    pdfCalls.push(scale);
    return [new Blob(['p1'], { type: 'image/png' }), new Blob(['p2'], { type: 'image/png' })];
  },
  openPdf: () => Promise.reject(new Error('no pdf.js in tests')),
  renderPdfPage: () => Promise.reject(new Error('no pdf.js in tests')),
}));
// Leaflet is driven in the browser (e2e); here the map shows which markers it was given.
vi.mock('./LocationsMap', () => ({
  default: (p: { entries: { locationId: string }[]; showNames: boolean }) => (
    <div data-testid="fapi-locations-map" data-markers={p.entries.length} data-names={String(p.showNames)} />
  ),
}));

let objectUrls = 0;
Object.assign(URL, { createObjectURL: () => `blob:demo-${objectUrls++}`, revokeObjectURL: () => {} });

const labelCalls: { url: string; body: string; headers: Record<string, string> }[] = [];
beforeEach(() => {
  saved.length = 0;
  pdfCalls.length = 0;
  labelCalls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/lab/api/config')
        return Response.json({
          version: '0',
          fileShareUrl: null,
          publicBaseUrl: null,
          labelServiceUrl: '/lab/api/labels',
          user: null,
        });
      labelCalls.push({ url, body: String(init?.body), headers: init?.headers as Record<string, string> });
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
        headers: { 'content-type': 'application/pdf', 'x-total-count': '2' },
      });
    }),
  );
});

beforeAll(async () => {
  await Promise.all([import('./ResponseDemo'), import('./LocationsDemo'), import('./ShipmentDemo')]);
});

const ok = (body: unknown): CarrierCallResult => ({
  ok: true,
  status: 200,
  statusText: 'OK',
  headers: {},
  body,
  text: JSON.stringify(body),
  timeMs: 3,
  sizeBytes: 10,
});

function show(props: Partial<ResponseDemoProps> & { endpointId: string; body: unknown }) {
  return renderWithProviders(
    <Suspense fallback="loading">
      <ResponseDemo
        endpointId={props.endpointId}
        request={props.request ?? {}}
        response={ok(props.body)}
        credential={{ env: 'sandbox', accessToken: 't', label: 'No.1' }}
      />
    </Suspense>,
  );
}

const b64 = (s: string) => btoa(s);

describe('which demo a response gets', () => {
  it('fails on an errors member, else by endpoint, else coming soon', () => {
    expect(demoKind('locations', { output: {} })).toBe('locations');
    expect(demoKind('postal-validate', { output: {} })).toBe('postal');
    expect(demoKind('ship-create', { output: {} })).toBe('shipment');
    expect(demoKind('ship-create', { errors: [], output: {} })).toBe('failed');
    expect(demoKind('rate-quotes', { errors: [{ code: 'X' }] })).toBe('failed');
    expect(demoKind('rate-quotes', { output: {} })).toBe('soon');
    expect(demoKind('track-tracking-numbers', 'plain text')).toBe('soon');
  });

  it('shows the two fixed messages', async () => {
    show({ endpointId: 'rate-quotes', body: { output: {} } });
    expect(await screen.findByText('Demo coming soon')).toBeInTheDocument();
  });

  it('says the demo failed when the body has errors', async () => {
    show({ endpointId: 'locations', body: { errors: [{ code: 'X', message: 'm' }] } });
    expect(await screen.findByText('Demo failed because of errors in response')).toBeInTheDocument();
    expect(screen.queryByTestId('fapi-locations-demo')).not.toBeInTheDocument();
  });
});

const locationsBody = {
  output: {
    matchedAddress: { city: 'Memphis', stateOrProvinceCode: 'TN', postalCode: '38118', countryCode: 'US' },
    matchedAddressGeoCoord: { latitude: 35.05, longitude: -89.93 },
    locationDetailList: [
      {
        locationId: 'MEMA',
        locationType: 'FEDEX_OFFICE',
        distance: { units: 'MI', value: 1.2 },
        geoPositionalCoordinates: { latitude: 35.1, longitude: -89.9 },
        contactAndAddress: {
          contact: { companyName: 'FedEx Office Print & Ship Center' },
          address: { streetLines: ['100 Main St'], city: 'Memphis', stateOrProvinceCode: 'TN', countryCode: 'US' },
        },
      },
      {
        locationId: 'GERB',
        locationType: 'FEDEX_STAFFED',
        distance: { units: 'MI', value: 7.5 },
        geoPositionalCoordinates: { latitude: 35.08, longitude: -89.8 },
        contactAndAddress: { contact: { companyName: 'FedEx Ship Center' }, address: { city: 'Germantown' } },
      },
      {
        locationId: 'COLC',
        locationType: 'FEDEX_AUTHORIZED_SHIP_CENTER',
        distance: { units: 'MI', value: 9 },
        geoPositionalCoordinates: { latitude: 35.0, longitude: -89.7 },
        contactAndAddress: { contact: { companyName: 'Pack & Ship' }, address: { city: 'Collierville' } },
      },
    ],
  },
};

describe('Locations demo', () => {
  it('counts the four carrier-operated types', () => {
    expect(CARRIER_OPERATED_TYPES).toEqual([
      'FEDEX_ONSITE',
      'FEDEX_EXPRESS_STATION',
      'FEDEX_OFFICE',
      'FEDEX_AUTHORIZED_SHIP_CENTER',
    ]);
    const model = readLocations(locationsBody);
    expect(model.entries.map((e) => e.carrierOperated)).toEqual([true, false, true]);
    expect(model.matchedAddress).toBe('Memphis TN 38118, US');
    expect(model.entries[0]).toMatchObject({
      name: 'FedEx Office Print & Ship Center',
      address: '100 Main St, Memphis TN, US',
      distance: { value: 1.2, units: 'MI' },
      lat: 35.1,
      lon: -89.9,
    });
    expect(externalMapUrl(35.1, -89.9)).toBe('https://www.openstreetmap.org/?mlat=35.1&mlon=-89.9#map=15/35.1/-89.9');
  });

  it('lists every location beside the map; DTR-HAL only keeps the carrier-operated ones', async () => {
    show({ endpointId: 'locations', body: locationsBody });
    const list = await screen.findAllByTestId('fapi-location');
    expect(list).toHaveLength(3);
    expect(screen.getByTestId('fapi-locations-matched')).toHaveTextContent('Memphis TN 38118, US');
    expect(list[0]).toHaveTextContent('Distance: 1.2 MI · Coordinates: 35.10000, -89.90000');
    expect(within(list[0]!).getByRole('link', { name: /Open in map/ })).toHaveAttribute(
      'href',
      externalMapUrl(35.1, -89.9),
    );
    expect(await screen.findByTestId('fapi-locations-map')).toHaveAttribute('data-markers', '3');

    await userEvent.click(screen.getByRole('switch', { name: 'DTR-HAL only' }));
    expect(screen.getAllByTestId('fapi-location').map((e) => e.getAttribute('data-type'))).toEqual([
      'FEDEX_OFFICE',
      'FEDEX_AUTHORIZED_SHIP_CENTER',
    ]);
    expect(screen.getByTestId('fapi-locations-map')).toHaveAttribute('data-markers', '2');
    expect(screen.getByTestId('fapi-locations-count')).toHaveTextContent('2 of 3 locations');
  });

  it('shows location names on the list and the map with show location name', async () => {
    show({ endpointId: 'locations', body: locationsBody });
    const first = (await screen.findAllByTestId('fapi-location'))[0]!;
    expect(first).toHaveTextContent('1. MEMA');
    await userEvent.click(screen.getByRole('switch', { name: 'show location name' }));
    expect(screen.getAllByTestId('fapi-location')[0]).toHaveTextContent('1. FedEx Office Print & Ship Center');
    expect(screen.getByTestId('fapi-locations-map')).toHaveAttribute('data-names', 'true');
  });
});

const postalBody = {
  output: {
    countryCode: 'US',
    stateOrProvinceCode: 'TN',
    cleanedPostalCode: '38118',
    cityFirstInitials: 'M',
    locationDescriptions: [
      { locationId: 'MEMP', locationNumber: '1000', serviceArea: 'AA', airportId: 'MEM' },
      { locationId: 'GERM', locationNumber: '1001', serviceArea: 'AM', airportId: 'GER' },
    ],
  },
};

describe('Postal validation summary', () => {
  it('reads country, cleaned code, state and each description', () => {
    expect(readPostal(postalBody)).toEqual({
      countryCode: 'US',
      cleanedPostalCode: '38118',
      stateOrProvinceCode: 'TN',
      descriptions: postalBody.output.locationDescriptions,
    });
  });

  it('shows them', async () => {
    show({ endpointId: 'postal-validate', body: postalBody });
    expect(await screen.findByTestId('postal-country')).toHaveTextContent('US');
    expect(screen.getByTestId('postal-cleaned')).toHaveTextContent('38118');
    expect(screen.getByTestId('postal-state')).toHaveTextContent('TN');
    const rows = within(
      screen.getByTestId('fapi-postal-summary').querySelector<HTMLElement>('.ant-table')!,
    ).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Location idLocation numberService areaAirport id',
      'MEMP1000AAMEM',
      'GERM1001AMGER',
    ]);
  });
});

function shipmentBody(
  docType: string,
  packages: { tracking: string; content?: string; url?: string }[],
  invoice?: string,
) {
  return {
    transactionId: 't',
    output: {
      transactionShipments: [
        {
          masterTrackingNumber: packages[0]!.tracking,
          serviceName: 'FedEx Priority Overnight®',
          pieceResponses: packages.map((p, i) => ({
            trackingNumber: p.tracking,
            packageSequenceNumber: i + 1,
            packageDocuments: [
              {
                contentType: 'LABEL',
                docType,
                ...(p.url ? { url: p.url } : { encodedLabel: b64(p.content ?? '') }),
              },
            ],
          })),
          ...(invoice
            ? { shipmentDocuments: [{ contentType: 'COMMERCIAL_INVOICE', docType: 'PDF', encodedLabel: b64(invoice) }] }
            : {}),
        },
      ],
    },
  };
}

describe('Create shipment demo', () => {
  it('reads labels per package and the shipment documents', () => {
    const model = readShipment(shipmentBody('ZPLII', [{ tracking: '794000000011', content: '^XA^XZ' }], '%PDF'));
    expect(model.labels).toEqual([
      expect.objectContaining({
        kind: 'label',
        packageSequenceNumber: 1,
        trackingNumber: '794000000011',
        docType: 'ZPLII',
        fileName: 'label_1_794000000011.zpl',
      }),
    ]);
    expect(model.documents[0]).toMatchObject({
      contentType: 'COMMERCIAL_INVOICE',
      fileName: 'commercial_invoice_794000000011.pdf',
    });
    expect(labelResponseOption({ labelResponseOptions: 'URL_ONLY' })).toBe('URL_ONLY');
    expect(labelResponseOption({})).toBe('LABEL');
  });

  it('links the labels of a URL_ONLY shipment', async () => {
    show({
      endpointId: 'ship-create',
      request: { labelResponseOptions: 'URL_ONLY' },
      body: shipmentBody('PDF', [
        { tracking: '794000000011', url: 'http://carrier.test/labels/794000000011.pdf' },
        { tracking: '794000000022', url: 'http://carrier.test/labels/794000000022.pdf' },
      ]),
    });
    const links = await screen.findAllByTestId('shipment-label-link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'http://carrier.test/labels/794000000011.pdf',
      'http://carrier.test/labels/794000000022.pdf',
    ]);
    expect(screen.queryByTestId('shipment-download-all')).not.toBeInTheDocument();
  });

  it('downloads PNG labels one by one and all as a zip, and shows the invoice as PNG at scale 1.5', async () => {
    show({
      endpointId: 'ship-create',
      request: { labelResponseOptions: 'LABEL' },
      body: shipmentBody(
        'PNG',
        [
          { tracking: '794000000011', content: 'png-one' },
          { tracking: '794000000022', content: 'png-two' },
        ],
        '%PDF-invoice',
      ),
    });
    expect(await screen.findAllByTestId('shipment-label-row')).toHaveLength(2);
    // The label previews and the invoice preview are two viewers; the invoice's image appears whenever its
    // PDF is drawn, so each viewer is looked at on its own.
    const previews = within(screen.getByTestId('shipment-previews'));
    expect(previews.getAllByTestId('label-image')).toHaveLength(1); // the viewer shows one label at a time…
    expect(previews.getAllByRole('button', { name: /Show label/ })).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Download label_2_794000000022.png' }));
    expect(saved[0]!.name).toBe('label_2_794000000022.png');
    expect(new TextDecoder().decode(await bytesOf(saved[0]!.blob))).toBe('png-two');

    await userEvent.click(screen.getByTestId('shipment-download-all'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toBe('shipment_794000000011.zip');
    const files = unzipSync(await bytesOf(saved[1]!.blob));
    expect(Object.keys(files).sort()).toEqual([
      'commercial_invoice_794000000011.pdf',
      'label_1_794000000011.png',
      'label_2_794000000022.png',
    ]);
    expect(new TextDecoder().decode(files['label_1_794000000011.png'])).toBe('png-one');

    const invoice = await screen.findByTestId('shipment-document-preview');
    expect(invoice).toHaveTextContent('commercial_invoice_794000000011.pdf shown as PNG (scale 1.5)');
    // …and the invoice's own viewer shows its first page once drawn, once.
    expect(await within(invoice).findAllByTestId('label-image')).toHaveLength(1);
    expect(screen.getAllByTestId('label-image')).toHaveLength(2);
    expect(pdfCalls).toEqual([1.5]);
  });

  it('previews ZPL labels as one PDF from the label service at 4×6.75', async () => {
    show({
      endpointId: 'ship-create',
      request: {},
      body: shipmentBody('ZPLII', [
        { tracking: '794000000011', content: '^XA^FDone^XZ' },
        { tracking: '794000000022', content: '^XA^FDtwo^XZ' },
      ]),
    });
    await screen.findByTestId('shipment-zpl-preview');
    await waitFor(() => expect(labelCalls).toHaveLength(1));
    expect(labelCalls[0]!.url).toBe('/lab/api/labels/v1/printers/8dpmm/labels/4x6.75/');
    expect(labelCalls[0]!.body).toBe('^XA^FDone^XZ\n^XA^FDtwo^XZ');
    expect(labelCalls[0]!.headers).toMatchObject({ accept: 'application/pdf', 'x-rotation': '0' });
    expect(screen.getByRole('button', { name: 'Download label_1_794000000011.zpl' })).toBeInTheDocument();
  });
});
