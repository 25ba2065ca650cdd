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
              <ChoiceField span={12} k="imageType" list="imageType" label={m.imageType} />
              <ChoiceField span={12} k="labelStockType" list="labelStockType" label={m.labelStockType} />
              <ChoiceField span={12} k="labelFormatType" list="labelFormatType" label={m.labelFormatType} />
              <ChoiceField
                span={12}
                k="labelResponseOptions"
                list="labelResponseOptions"
                label={m.labelResponseOptions}
              />
            </Row>
          ),
        },
        {
          key: 'advanced',
          label: m.subAdvanced,
          children: (
            <Row gutter={12}>
              <ChoiceField
                span={8}
                k="labelOrder"
                list="labelOrder"
                label={m.labelOrder}
                disabled={!a.thermal}
                extra={a.thermal ? undefined : m.thermalOnly}
              />
              <ChoiceField
                span={8}
                k="labelPrintingOrientation"
                list="labelPrintingOrientation"
                label={m.labelPrintingOrientation}
                disabled={!a.thermal}
              />
              <ChoiceField
                span={8}
                k="labelRotation"
                list="labelRotation"
                label={m.labelRotation}
                disabled={!a.thermal}
              />
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
              <Check span={24} k="additionalLabelEnabled" label={m.additionalLabel} />
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
              <ChoiceField span={12} k="additionalLabelType" list="additionalLabelType" label={m.additionalLabelType} />
              <IntegerField span={12} k="additionalLabelCount" label={m.additionalLabelCount} />
            </Row>
          ),
        },
        { key: 'doctab', label: m.subDocTab, disabled: !a.docTab, children: <DocTabPane /> },
      ]}
    />
  );
}
