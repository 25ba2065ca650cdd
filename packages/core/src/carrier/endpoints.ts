/**
 * The carrier REST endpoints the playground offers, as data. The gateway only forwards
 * requests whose method and path match an entry here (or an operation of an imported
 * OpenAPI document), and the simulator answers exactly these.
 *
 * `path` is the carrier's path template (`{name}` is one path segment); `host` says which
 * upstream serves it (`api` = the REST host, `documents` = the trade-documents host, which
 * takes multipart uploads).
 */

export type HttpMethod = 'POST' | 'PUT' | 'GET' | 'DELETE';
export type CarrierHost = 'api' | 'documents';
/** 1 = one check, 2 = two checks, 3 = lock (see docs/modules/carrier.md for how each was chosen). */
export type CertificationLevel = 1 | 2 | 3;
export type SpecificInterface = 'accountVerification' | 'imageUpload' | 'tradeDocumentUpload';

export interface EndpointOperationRef {
  /** Stem of the OpenAPI document file: `<api>--<Resource>` (e.g. `ship--Shipment-Resource`). */
  document: string;
  /** The operation's path exactly as the document spells it (trailing slashes included). */
  path: string;
  method: HttpMethod;
}

export interface CarrierEndpoint {
  /** Stable slug used in URLs (`/lab/api/carrier/samples/{id}`) and saved tabs. */
  id: string;
  method: HttpMethod;
  path: string;
  host: CarrierHost;
  name: { en: string; zh: string };
  /** The operation in the carrier's documents; absent when no published document covers it. */
  operation?: EndpointOperationRef;
  certification: CertificationLevel;
  disabled: boolean;
  specificInterface?: SpecificInterface;
}

type Entry = Omit<CarrierEndpoint, 'host' | 'disabled'> & { host?: CarrierHost; disabled?: boolean };

function op(document: string, method: HttpMethod, path: string): EndpointOperationRef {
  return { document, method, path };
}

const ENTRIES: Entry[] = [
  {
    id: 'locations',
    method: 'POST',
    path: '/location/v1/locations',
    name: { en: 'Find Locations', zh: '查找网点' },
    operation: op('locations-search--Locations-Resource', 'POST', '/location/v1/locations'),
    certification: 1,
  },
  {
    id: 'postal-validate',
    method: 'POST',
    path: '/country/v1/postal/validate',
    name: { en: 'Validate Postal', zh: '邮编校验' },
    operation: op('postal-code-validation--ValidatePostal-Resource', 'POST', '/country/v1/postal/validate'),
    certification: 1,
  },
  {
    id: 'rate-quotes',
    method: 'POST',
    path: '/rate/v1/rates/quotes',
    name: { en: 'Rate and Transit Times', zh: '运费与时效' },
    operation: op('rates-transit-times--RateQuotes-Resource', 'POST', '/rate/v1/rates/quotes'),
    certification: 1,
  },
  {
    id: 'package-and-service-options',
    method: 'POST',
    path: '/availability/v1/packageandserviceoptions',
    name: { en: 'Package and Service Options', zh: '包装与服务选项' },
    operation: op(
      'service-availability--PackageAndServiceOptions-Resource',
      'POST',
      '/availability/v1/packageandserviceoptions',
    ),
    certification: 1,
  },
  {
    id: 'special-service-options',
    method: 'POST',
    path: '/availability/v1/specialserviceoptions',
    name: { en: 'Special Service Options', zh: '特殊服务选项' },
    operation: op(
      'service-availability--SpecialServiceOptions-Resource',
      'POST',
      '/availability/v1/specialserviceoptions',
    ),
    certification: 1,
  },
  {
    id: 'track-tracking-numbers',
    method: 'POST',
    path: '/track/v1/trackingnumbers',
    name: { en: 'Track by Tracking Number', zh: '按运单号追踪' },
    operation: op('track--TrackingNumbers-Resource', 'POST', '/track/v1/trackingnumbers'),
    certification: 1,
  },
  {
    id: 'track-tcn',
    method: 'POST',
    path: '/track/v1/tcn',
    name: { en: 'Track by TCN', zh: '按 TCN 追踪' },
    operation: op('track--TCN-Resource', 'POST', '/track/v1/tcn'),
    certification: 1,
  },
  {
    id: 'track-reference-numbers',
    method: 'POST',
    path: '/track/v1/referencenumbers',
    name: { en: 'Track by References', zh: '按参考号追踪' },
    operation: op('track--ReferenceNumbers-Resource', 'POST', '/track/v1/referencenumbers'),
    certification: 1,
  },
  {
    id: 'track-associated-shipments',
    method: 'POST',
    path: '/track/v1/associatedshipments',
    name: { en: 'Track Multiple-Piece Shipment', zh: '追踪一票多件' },
    operation: op('track--AssociatedShipments-Resource', 'POST', '/track/v1/associatedshipments'),
    certification: 1,
  },
  {
    id: 'track-documents',
    method: 'POST',
    path: '/track/v1/trackingdocuments',
    name: { en: 'Tracking Documents', zh: '追踪文件' },
    operation: op('track--TrackingDocuments-Resource', 'POST', '/track/v1/trackingdocuments'),
    certification: 1,
  },
  {
    id: 'track-notifications',
    method: 'POST',
    path: '/track/v1/notifications',
    name: { en: 'Tracking Notifications', zh: '追踪通知' },
    operation: op('track--Notifications-Resource', 'POST', '/track/v1/notifications'),
    certification: 1,
  },
  {
    id: 'address-resolve',
    method: 'POST',
    path: '/address/v1/addresses/resolve',
    name: { en: 'Validate Address', zh: '地址校验' },
    operation: op('address-validation--Addresses-Resource', 'POST', '/address/v1/addresses/resolve'),
    certification: 1,
  },
  {
    id: 'pickup-create',
    method: 'POST',
    path: '/pickup/v1/pickups',
    name: { en: 'Create Pickup', zh: '预约取件' },
    operation: op('pickup-request--Pickup-Resource', 'POST', '/pickup/v1/pickups'),
    certification: 2,
  },
  {
    id: 'pickup-availability',
    method: 'POST',
    path: '/pickup/v1/pickups/availabilities',
    name: { en: 'Check Pickup Availability', zh: '查询取件可用性' },
    operation: op('pickup-request--Pickup-Resource', 'POST', '/pickup/v1/pickups/availabilities'),
    certification: 1,
  },
  {
    id: 'pickup-cancel',
    method: 'PUT',
    path: '/pickup/v1/pickups/cancel',
    name: { en: 'Cancel Pickup', zh: '取消取件' },
    operation: op('pickup-request--Pickup-Resource', 'PUT', '/pickup/v1/pickups/cancel'),
    certification: 2,
  },
  {
    id: 'regulatory-details',
    method: 'POST',
    path: '/globaltrade/v1/shipments/regulatorydetails/retrieve',
    name: { en: 'Global Trade Regulatory Details', zh: '全球贸易监管信息' },
    operation: op('global-trade--GlobalTrade-Resource', 'POST', '/globaltrade/v1/shipments/regulatorydetails/retrieve'),
    certification: 1,
  },
  {
    id: 'ship-create',
    method: 'POST',
    path: '/ship/v1/shipments',
    name: { en: 'Create Shipment', zh: '创建运单' },
    operation: op('ship--Shipment-Resource', 'POST', '/ship/v1/shipments'),
    certification: 2,
  },
  {
    id: 'ship-cancel',
    method: 'PUT',
    path: '/ship/v1/shipments/cancel',
    name: { en: 'Cancel Shipment', zh: '取消运单' },
    operation: op('ship--Shipment-Resource', 'PUT', '/ship/v1/shipments/cancel'),
    certification: 2,
  },
  {
    id: 'ship-results',
    method: 'POST',
    path: '/ship/v1/shipments/results',
    name: { en: 'Get Async Shipment Results', zh: '获取异步运单结果' },
    operation: op('ship--Shipment-Resource', 'POST', '/ship/v1/shipments/results'),
    certification: 2,
  },
  {
    id: 'tag-create',
    method: 'POST',
    path: '/ship/v1/shipments/tag',
    name: { en: 'Create Tag', zh: '创建取件标签' },
    operation: op('ship--Tag-Resource', 'POST', '/ship/v1/shipments/tag'),
    certification: 2,
  },
  {
    id: 'tag-cancel',
    method: 'PUT',
    path: '/ship/v1/shipments/tag/cancel/{shipmentid}',
    name: { en: 'Cancel Tag', zh: '取消取件标签' },
    operation: op('ship--Tag-Resource', 'PUT', '/ship/v1/shipments/tag/cancel/{shipmentid}'),
    certification: 2,
  },
  {
    id: 'open-ship-create',
    method: 'POST',
    path: '/ship/v1/openshipments/create',
    name: { en: 'Create Open Shipment', zh: '创建开放运单' },
    operation: op('open-ship--OpenShipment-Resource', 'POST', '/ship/v1/openshipments/create'),
    certification: 2,
  },
  {
    id: 'open-ship-modify',
    method: 'PUT',
    path: '/ship/v1/openshipments/',
    name: { en: 'Modify Open Shipment', zh: '修改开放运单' },
    operation: op('open-ship--OpenShipment-Resource', 'PUT', '/ship/v1/openshipments/'),
    certification: 2,
  },
  {
    id: 'open-ship-confirm',
    method: 'POST',
    path: '/ship/v1/openshipments/',
    name: { en: 'Confirm Open Shipment', zh: '确认开放运单' },
    operation: op('open-ship--OpenShipment-Resource', 'POST', '/ship/v1/openshipments/'),
    certification: 2,
  },
  {
    id: 'open-ship-packages-add',
    method: 'POST',
    path: '/ship/v1/openshipments/packages',
    name: { en: 'Add Open Shipment Packages', zh: '开放运单添加包裹' },
    operation: op('open-ship--OpenShipment-Resource', 'POST', '/ship/v1/openshipments/packages'),
    certification: 2,
  },
  {
    id: 'open-ship-packages-modify',
    method: 'PUT',
    path: '/ship/v1/openshipments/packages',
    name: { en: 'Modify Open Shipment Packages', zh: '开放运单修改包裹' },
    operation: op('open-ship--OpenShipment-Resource', 'PUT', '/ship/v1/openshipments/packages'),
    certification: 2,
  },
  {
    id: 'open-ship-packages-delete',
    method: 'PUT',
    path: '/ship/v1/openshipments/packages/delete',
    name: { en: 'Delete Open Shipment Packages', zh: '开放运单删除包裹' },
    operation: op('open-ship--OpenShipment-Resource', 'PUT', '/ship/v1/openshipments/packages/delete'),
    certification: 2,
  },
  {
    id: 'open-ship-packages-retrieve',
    method: 'POST',
    path: '/ship/v1/openshipments/packages/retrieve',
    name: { en: 'Retrieve Open Shipment Packages', zh: '查询开放运单包裹' },
    operation: op('open-ship--OpenShipment-Resource', 'POST', '/ship/v1/openshipments/packages/retrieve'),
    certification: 2,
  },
  {
    id: 'open-ship-delete',
    method: 'PUT',
    path: '/ship/v1/openshipments/delete',
    name: { en: 'Delete Open Shipment', zh: '删除开放运单' },
    operation: op('open-ship--OpenShipment-Resource', 'PUT', '/ship/v1/openshipments/delete'),
    certification: 2,
  },
  {
    id: 'open-ship-retrieve',
    method: 'POST',
    path: '/ship/v1/openshipments/retrieve',
    name: { en: 'Retrieve Open Shipment', zh: '查询开放运单' },
    operation: op('open-ship--OpenShipment-Resource', 'POST', '/ship/v1/openshipments/retrieve'),
    certification: 2,
  },
  {
    id: 'open-ship-results',
    method: 'POST',
    path: '/ship/v1/openshipments/results',
    name: { en: 'Get Open Shipment Results', zh: '获取开放运单结果' },
    operation: op('open-ship--OpenShipment-Resource', 'POST', '/ship/v1/openshipments/results'),
    certification: 2,
  },
  {
    id: 'etd-upload',
    method: 'POST',
    path: '/documents/v1/etds/upload',
    host: 'documents',
    name: { en: 'Trade Documents Upload', zh: '贸易文件上传' },
    operation: op('trade-documents-upload--EDUDocuments-Resource', 'POST', '/documents/v1/etds/upload'),
    certification: 2,
    specificInterface: 'tradeDocumentUpload',
  },
  {
    id: 'image-upload',
    method: 'POST',
    path: '/documents/v1/lhsimages/upload',
    host: 'documents',
    name: { en: 'Letterhead / Signature Image Upload', zh: '信头/签名图片上传' },
    operation: op('trade-documents-upload--EDUDocuments-Resource', 'POST', '/documents/v1/lhsimages/upload'),
    certification: 2,
    specificInterface: 'imageUpload',
  },
  {
    id: 'account-validate',
    method: 'POST',
    path: '/account/v1/accounts/billing/validate',
    name: { en: 'Account Verification', zh: '账号验证' },
    certification: 3,
    specificInterface: 'accountVerification',
  },
  {
    id: 'freight-rate',
    method: 'POST',
    path: '/rate/v1/freight/rates/quotes',
    name: { en: 'Freight LTL Rate', zh: '零担运费' },
    operation: op('freight-ltl--LTLFreight-Resource', 'POST', '/rate/v1/freight/rates/quotes'),
    certification: 2,
    disabled: true,
  },
  {
    id: 'freight-ship',
    method: 'POST',
    path: '/ship/v1/freight/shipments',
    name: { en: 'Freight LTL Shipment', zh: '零担发货' },
    operation: op('freight-ltl--LTLFreight-Resource', 'POST', '/ship/v1/freight/shipments'),
    certification: 2,
    disabled: true,
  },
  {
    id: 'freight-pickup-availability',
    method: 'POST',
    path: '/pickup/v1/freight/pickups/availabilities',
    name: { en: 'Freight Pickup Availability', zh: '零担取件可用性' },
    operation: op('freight-ltl--LTLFreight-Resource', 'POST', '/pickup/v1/freight/pickups/availabilities'),
    certification: 2,
    disabled: true,
  },
  {
    id: 'freight-pickup',
    method: 'POST',
    path: '/pickup/v1/freight/pickups/',
    name: { en: 'Freight Pickup', zh: '零担取件' },
    operation: op('freight-ltl--LTLFreight-Resource', 'POST', '/pickup/v1/freight/pickups/'),
    certification: 2,
    disabled: true,
  },
  {
    id: 'end-of-day-close',
    method: 'PUT',
    path: '/ship/v1/endofday/',
    name: { en: 'Ground End of Day Close', zh: '地面日终结算' },
    operation: op('ground-end-of-day-close--ShipmentCloseAPI-Resource', 'PUT', '/ship/v1/endofday/'),
    certification: 2,
    disabled: true,
  },
];

export const CARRIER_ENDPOINTS: readonly CarrierEndpoint[] = ENTRIES.map((e) => ({
  ...e,
  host: e.host ?? 'api',
  disabled: e.disabled ?? false,
}));

/** The OAuth token path on the carrier's REST host. */
export const CARRIER_TOKEN_PATH = '/oauth/token';

export function endpointById(id: string): CarrierEndpoint | undefined {
  return CARRIER_ENDPOINTS.find((e) => e.id === id);
}

/**
 * True when `concrete` (a request path, no query) matches `template`: same number of
 * segments, literal segments equal, `{x}` segments non-empty. Trailing slashes matter,
 * as they do to the carrier.
 */
export function pathMatches(template: string, concrete: string): boolean {
  const t = template.split('/');
  const c = concrete.split('/');
  if (t.length !== c.length) return false;
  return t.every((seg, i) => {
    const part = c[i]!;
    if (seg.startsWith('{') && seg.endsWith('}')) return part.length > 0;
    return seg === part;
  });
}

/** The enabled catalogue entry for a method and concrete path, if any. */
export function findEndpoint(method: string, path: string, host?: CarrierHost): CarrierEndpoint | undefined {
  const m = method.toUpperCase();
  return CARRIER_ENDPOINTS.find(
    (e) => !e.disabled && e.method === m && (host === undefined || e.host === host) && pathMatches(e.path, path),
  );
}
