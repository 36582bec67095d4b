import { startProduct } from './support/product-server';
const product = await startProduct();
console.log(product.baseUrl);
process.on('SIGTERM', () => void product.stop().then(() => process.exit(0)));
setInterval(() => {}, 1 << 30);
