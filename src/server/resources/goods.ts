import { hundredths } from '../../shared/resources/fare.ts';
import { GOODS, GOODS_MSG } from '../../shared/resources/goods.ts';
import { yyGoods } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';
import type { ServerResource } from './register.ts';

/** 商品: the generated family; prices and stock are never negative. */
export const goodsServer: ServerResource = {
  resource: GOODS,
  table: yyGoods,
  tenant: { column: 'tenantId' },
  hooks: {
    beforeSave({ data }) {
      if (typeof data.price === 'string' && (hundredths(data.price) ?? Infinity) > 100_000_000)
        throw new BizError(GOODS_MSG.price);
      if (typeof data.stock === 'number' && (data.stock < 0 || data.stock > 999_999))
        throw new BizError(GOODS_MSG.stock);
    },
  },
};
