import { render, screen } from '@testing-library/react';
import { Empty } from 'antd';
import { describe, expect, it } from 'vitest';
import { Providers } from './Providers';

describe('antd locale', () => {
  it('uses antd’s Chinese words in Chinese (its locale loads on demand)', async () => {
    render(
      <Providers lang="zh">
        <Empty />
      </Providers>,
    );
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('No data')).toEqual([]);
  });

  it('uses antd’s English words in English', () => {
    render(
      <Providers lang="en">
        <Empty />
      </Providers>,
    );
    expect(screen.getAllByText('No data').length).toBeGreaterThan(0);
  });
});
