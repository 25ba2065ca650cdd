import { Col, Row, Typography } from 'antd';
import { ChoiceField, IntegerField, MultiChoiceField, useGenerator } from './context';
import { Check, SubTabs } from './controls';
import { DocTabPane } from './DocTabPane';

export function LabelTab() {
  const { a, m } = useGenerator();
  return (
    <SubTabs
      testId="spg-label-tabs"
      items={[
        {
          key: 'basic',
          label: m.subBasic,
          children: (
            <Row gutter={12}>
              <ChoiceField span={12} k="imageType" label={m.imageType} />
              <ChoiceField span={12} k="labelStockType" label={m.labelStockType} />
              <ChoiceField span={12} k="labelFormatType" label={m.labelFormatType} />
              <ChoiceField span={12} k="labelResponseOptions" label={m.labelResponseOptions} />
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
                label={m.labelOrder}
                disabled={!a.thermal}
                extra={a.thermal ? undefined : m.thermalOnly}
              />
              <ChoiceField
                span={8}
                k="labelPrintingOrientation"
                label={m.labelPrintingOrientation}
                disabled={!a.thermal}
              />
              <ChoiceField span={8} k="labelRotation" label={m.labelRotation} disabled={!a.thermal} />
              <MultiChoiceField span={24} k="maskedData" list="maskedData" label={m.maskedData} />
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
              <ChoiceField span={12} k="additionalLabelType" label={m.additionalLabelType} />
              <IntegerField span={12} k="additionalLabelCount" label={m.additionalLabelCount} />
            </Row>
          ),
        },
        { key: 'doctab', label: m.subDocTab, disabled: !a.docTab, children: <DocTabPane /> },
      ]}
    />
  );
}
