import { render, screen } from '@testing-library/react';
import { Empty } from 'antd';
import { describe, expect, it } from 'vitest';
import { TestAntd } from '@/test/antd';
import { Providers } from './Providers';

describe('antd locale', () => {
  it('uses antd’s Chinese words in Chinese (its locale loads on demand)', async () => {
    render(
      <TestAntd>
        <Providers lang="zh">
          <Empty />
        </Providers>
      </TestAntd>,
    );
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('No data')).toEqual([]);
  });

  it('uses antd’s English words in English', () => {
    render(
      <TestAntd>
        <Providers lang="en">
          <Empty />
        </Providers>
      </TestAntd>,
    );
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
  });
});
