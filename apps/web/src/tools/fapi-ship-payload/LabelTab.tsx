import { Col, Row, Select, Typography } from 'antd';
import { ChoiceField, Field, IntegerField, useChoiceOptions, useGenerator } from './context';
import { Check, SubTabs } from './controls';
import { DocTabPane } from './DocTabPane';

export function LabelTab() {
  const { s, set, a, m } = useGenerator();
  const masked = useChoiceOptions('maskedData', s.maskedData);
  return (
    <SubTabs
      testId="spg-label-tabs"
      items={[
        {
          key: 'basic',
          label: m.subBasic,
          children: (
            <Row gutter={12}>
              <Col span={12}>
                <ChoiceField k="imageType" list="imageType" label={m.imageType} />
              </Col>
              <Col span={12}>
                <ChoiceField k="labelStockType" list="labelStockType" label={m.labelStockType} />
              </Col>
              <Col span={12}>
                <ChoiceField k="labelFormatType" list="labelFormatType" label={m.labelFormatType} />
              </Col>
              <Col span={12}>
                <ChoiceField k="labelResponseOptions" list="labelResponseOptions" label={m.labelResponseOptions} />
              </Col>
            </Row>
          ),
        },
        {
          key: 'advanced',
          label: m.subAdvanced,
          children: (
            <Row gutter={12}>
              <Col span={8}>
                <ChoiceField
                  k="labelOrder"
                  list="labelOrder"
                  label={m.labelOrder}
                  disabled={!a.thermal}
                  extra={a.thermal ? undefined : m.thermalOnly}
                />
              </Col>
              <Col span={8}>
                <ChoiceField
                  k="labelPrintingOrientation"
                  list="labelPrintingOrientation"
                  label={m.labelPrintingOrientation}
                  disabled={!a.thermal}
                />
              </Col>
              <Col span={8}>
                <ChoiceField k="labelRotation" list="labelRotation" label={m.labelRotation} disabled={!a.thermal} />
              </Col>
              <Col span={24}>
                <Field label={m.maskedData} id="spg-maskedData" field="maskedData">
                  <Select<string[]>
                    id="spg-maskedData"
                    mode="multiple"
                    value={s.maskedData}
                    options={masked}
                    onChange={(v) => set({ maskedData: v })}
                  />
                </Field>
              </Col>
              <Col span={24}>
                <Check k="additionalLabelEnabled" label={m.additionalLabel} />
              </Col>
              <Col span={24}>
                <Check k="docTabEnabled" label={m.docTab} disabled={!a.docTabOption} />
                {a.docTabOption ? null : <Typography.Text type="secondary"> {m.docTabOnly}</Typography.Text>}
              </Col>
            </Row>
          ),
        },
        {
          key: 'additional',
          label: m.subAdditionalLabel,
          disabled: !a.additionalLabel,
          children: (
            <Row gutter={12}>
              <Col span={12}>
                <ChoiceField k="additionalLabelType" list="additionalLabelType" label={m.additionalLabelType} />
              </Col>
              <Col span={12}>
                <IntegerField k="additionalLabelCount" label={m.additionalLabelCount} />
              </Col>
            </Row>
          ),
        },
        { key: 'doctab', label: m.subDocTab, disabled: !a.docTab, children: <DocTabPane /> },
      ]}
    />
  );
}
