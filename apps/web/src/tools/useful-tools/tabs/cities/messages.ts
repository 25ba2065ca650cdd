import { defineMessages } from '@/lib/i18n';

/** Search Cities' words. */
export const messages = defineMessages({
  en: {
    required: 'enter a city name before search',
    placeholder: 'City name or its beginning',
    allCountries: 'All countries',
    search: 'Search',
    count: '{n} {cities} (population 1,000 or more; biggest first)',
    city: 'city',
    cities: 'cities',
    colCity: 'City',
    colCountry: 'Country',
    colCountryName: 'Country name',
    colState: 'State / province',
    colCoordinates: 'Coordinates',
    colPopulation: 'Population',
    adminCodeOnly: 'code {code}',
    preparing:
      'Preparing the city index: the first search after start (or after an idle while) builds it, a few seconds…',
    adminNamesMissing:
      'The subdivision data has no name for some of these rows; for them the column shows the GeoNames first-level code.',
  },
  zh: {
    required: '请先输入城市名称再搜索',
    placeholder: '城市名称或其开头',
    allCountries: '所有国家/地区',
    search: '搜索',
    count: '{n} 个{cities}（人口 1,000 及以上；人口多者在前）',
    city: '城市',
    cities: '城市',
    colCity: '城市',
    colCountry: '国家/地区',
    colCountryName: '国家/地区名称',
    colState: '州 / 省',
    colCoordinates: '坐标',
    colPopulation: '人口',
    adminCodeOnly: '代码 {code}',
    preparing: '正在准备城市索引：启动后（或闲置一段时间后）的首次搜索需要先建立索引，约需几秒…',
    adminNamesMissing: '行政区数据中没有其中部分行的名称；这些行在此列显示 GeoNames 一级行政区代码。',
  },
});
