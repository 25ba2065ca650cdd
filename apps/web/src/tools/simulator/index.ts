import { defineTool } from '@/tools/types';

export default defineTool({
  path: '/api/simulator',
  title: 'Simulator',
  description:
    'Drive the carrier twin: its simulated clock, shipment lifecycles and scenarios, faults, webhook subscriptions and the traffic log',
  zh: {
    title: '模拟器',
    description: '操控承运商孪生环境：模拟时钟、运单生命周期与场景、故障注入、webhook 订阅和流量日志',
  },
  group: 'APIs',
  order: 140,
  keywords: [
    'simulator',
    'twin',
    'clock',
    'scenario',
    'customs',
    'fault',
    'latency',
    'webhook',
    'subscription',
    'traffic',
    'har',
    'conformance',
  ],
  load: () => import('./SimulatorPage'),
});
