import type { ContentService } from '../content/content.service';
import { CONTENT_PAGE_SLUGS } from '../content/content.service';

const PAGE_TITLES: Record<string, string> = {
  partners: 'Partners',
  'terms-and-conditions': 'Terms and Conditions',
  'privacy-policy': 'Privacy Policy',
  'cookie-policy': 'Cookie Policy',
  'contact-us': 'Contact Us',
  'how-to-sell': 'How to Sell',
  'about-us': 'About Us',
};

/** A page body in the HTML the back office stores (the web app sanitises it): sections, a list, links. */
function pageBody(slug: string, title: string, companyName: string, jewelry: boolean): string {
  const goods = jewelry ? 'jewelry' : 'vehicles';
  return [
    `<p>This page sets out the ${title.toLowerCase()} of ${companyName}, the marketplace for ${goods}.</p>`,
    `<h2>Who we are</h2><p>${companyName} runs timed online auctions and fixed-price listings of ${goods}.</p>`,
    `<h2>What this covers</h2><ul><li>Buying and bidding</li><li>Selling and listing</li><li>Your account and your data</li></ul>`,
    `<h2>Questions</h2><p>Write to us through the <a href="/page/contact-us">contact page</a> and we will answer within two business days.</p>`,
    slug === 'cookie-policy' ? '<p>We use cookies to keep you signed in and to remember your choices.</p>' : '',
  ].join('');
}

/** Demo content of a brand: the named pages, the three dealer pages with every block, media articles. */
export async function seedDemoContent(content: ContentService, brand: string, companyName: string, now: Date): Promise<void> {
  const jewelry = brand === 'jewelry';
  for (const slug of CONTENT_PAGE_SLUGS) {
    await content.savePage(brand, slug, {
      title: PAGE_TITLES[slug],
      content: pageBody(slug, PAGE_TITLES[slug]!, companyName, jewelry),
    });
  }
  const picture = (name: string) => ({ url: `/images/demo/${name}.jpg`, alternativeText: name.replace(/-/g, ' ') });
  await content.save(brand, 'dealerService', {
    items: [
      {
        id: 'solutions',
        title: 'Dealership Solutions',
        description: 'Tools for dealers.',
        image: picture('dealer'),
        linkText: 'Learn more',
        url: '/dealer-services/dealership-solutions',
      },
      {
        id: 'marketplace',
        title: 'Auction and Marketplace',
        description: 'Sell through timed auctions.',
        image: picture('auction'),
        linkText: 'Learn more',
        url: '/dealer-services/auction-and-marketplace',
      },
      {
        id: 'partner',
        title: 'Partner program',
        description: 'Work with us.',
        image: null,
        linkText: 'Visit',
        url: 'https://partners.example.com',
      },
    ],
  });
  const hero = (text: string) => ({ image: picture('hero'), text });
  const offerings = [
    {
      id: 'o1',
      title: 'Photography',
      description: jewelry ? 'Professional photos of every piece.' : 'Professional photos of every car.',
      image: picture('camera'),
    },
    {
      id: 'o2',
      title: jewelry ? 'Shipping' : 'Transport',
      description: jewelry ? 'Insured shipping to the buyer.' : 'Enclosed transport to the buyer.',
      image: null,
    },
  ];
  const logos = (title: string) => ({
    title,
    links: [{ id: 'l1', url: 'https://example.com', media: picture('logo'), name: jewelry ? 'Example Jewelers' : 'Example Motors' }],
  });
  await content.save(brand, 'dealershipSolution', {
    hero1: hero('Grow your dealership'),
    hero2: hero('Reach collectors'),
    hero3: hero('Sell with confidence'),
    quote1: { text: 'Our best quarter yet.', author: 'A dealer' },
    quote2: { text: 'Sold in a week.', author: 'Another dealer' },
    content1: 'Listings, auctions and leads in one place.',
    content2: 'Everything a modern dealership needs.',
    contentImage: picture('showroom'),
    points: [
      { id: 'p1', text: 'Unlimited listings' },
      { id: 'p2', text: 'Featured placement' },
    ],
    offerings,
    services: [
      { id: 's1', title: 'Dealer plan', description: 'Monthly plan', image: null, price: 199, priceFrequency: 'month' },
      { id: 's2', title: 'Concierge', description: 'We list for you', image: null, price: null, priceFrequency: null },
    ],
    dealers: logos('Dealers who trust us'),
  });
  await content.save(brand, 'auctionMarketplace', {
    hero1: hero('Auctions'),
    hero2: hero('Marketplace'),
    hero3: hero('Live bidding'),
    hero4: hero('Sniper protection'),
    hero5: hero('Get started'),
    quote: { text: jewelry ? 'The best place to sell fine jewelry.' : 'The best place to sell a race car.', author: 'A seller' },
    content1: { title: 'Timed auctions', description: 'Seven days, live bids.', image: picture('auction') },
    content2: { title: 'Fixed price', description: 'List in the Paddock.', image: picture('paddock') },
    content3: { title: 'Reach', description: 'Brands share lots across the network.', image: null },
    offerings,
    offerings2: [{ id: 'o3', title: 'Escrow', description: 'Safe payment.', image: null }],
    authorities: logos('As seen in'),
  });
  const articles = jewelry
    ? [
        { title: 'Choosing your first vintage watch', category: 'Guides', tags: ['watches', 'buying'], days: 1 },
        { title: 'Autumn jewelry auction recap', category: 'Events', tags: ['auctions', 'rings'], days: 3 },
        { title: 'How sniper protection works', category: 'Guides', tags: ['auctions', 'bidding'], days: 5 },
      ]
    : [
        { title: 'Buying your first track car', category: 'Guides', tags: ['track day', 'buying'], days: 1 },
        { title: 'Monterey week recap', category: 'Events', tags: ['auctions', 'monterey'], days: 3 },
        { title: 'How sniper protection works', category: 'Guides', tags: ['auctions', 'bidding'], days: 5 },
      ];
  for (const article of articles) {
    await content.saveArticle(brand, null, {
      title: article.title,
      excerpt: `${article.title}: what you need to know.`,
      content:
        `<p>${article.title}: the short version, from the ${companyName} editors.</p>` +
        `<h2>What to look for</h2><ul><li>History and paperwork</li><li>Condition, inside and out</li><li>A fair price for the market</li></ul>` +
        `<p>Read more in our <a href="/media/articles">other articles</a> or <a href="/page/contact-us">ask us</a>.</p>`,
      image: picture('article'),
      category: article.category,
      tags: article.tags,
      author: `${companyName} editors`,
      publishedAt: new Date(now.getTime() - article.days * 86_400_000).toISOString(),
    });
  }
}
