import type { Palette } from '../modules/media/media-generator';
import type { Quiz } from '@ishuri/contract';

/**
 * The demo catalogue of a Kigali learning provider: what `npm run seed` and the first start of
 * the embedded default put in an empty database. Every key is stable: the ids of the rows and
 * the names of the files are made from them, so seeding twice never duplicates anything.
 */

export interface DemoItem {
  key: string;
  title: string;
  description: string;
  /** Paragraphs of plain text. For a video item, the text used when no video can be made. */
  paragraphs: string[];
  /** A short generated clip instead of text. */
  video?: boolean;
}

export interface DemoLesson extends DemoItem {
  subLessons: DemoItem[];
}

export interface DemoCourse {
  key: string;
  title: string;
  description: string;
  courseType: 'free' | 'premium';
  palette: Palette;
  lessons: DemoLesson[];
}

export interface DemoBlog {
  key: string;
  title: string;
  paragraphs: string[];
  palette: Palette;
}

export const demoCourses: DemoCourse[] = [
  {
    key: 'digital-skills',
    title: 'Digital Skills for Everyday Work',
    description:
      'Files and folders, e-mail that gets answered, and shared online documents: the computer skills that every office, shop and cooperative in Kigali now expects. No experience needed.',
    courseType: 'free',
    palette: { from: '#1d4ed8', to: '#0f766e', accent: '#38bdf8' },
    lessons: [
      {
        key: 'computer-basics',
        title: 'Getting comfortable with your computer',
        description: 'Files, folders and the habits that keep your work safe.',
        paragraphs: [
          'Everything you create on a computer is a file: a letter, a spreadsheet, a photo. Files live in folders, and folders can hold other folders. Thinking of your computer as a cupboard with labelled boxes makes it much easier to find things again next month.',
          'Start every piece of work by deciding where it will live. Save early, with a name you will recognise, and keep saving as you go: most programs let you press Ctrl+S (Cmd+S on a Mac) at any moment.',
          'Finally, keep a second copy of anything that matters. A USB stick, an external drive or an online storage account all work. A laptop can be lost or stolen in a minute; a backup turns that into an inconvenience instead of a disaster.',
        ],
        subLessons: [
          {
            key: 'organising-files',
            title: 'Organising files and folders',
            description: 'A simple folder structure you can keep for years.',
            paragraphs: [
              'Create one top-level folder per area of your life or work, for example Clients, Finance and Training. Inside each, create one folder per year or per project. Resist the urge to make ten levels: two or three are enough for most people.',
              'Name files so that they sort well: start with the date written as year-month-day, then a short description. "2025-03-14 Quote Kimironko Bakery.docx" will always appear in the right place, and you can tell what it is without opening it.',
            ],
          },
          {
            key: 'shortcuts',
            title: 'Keyboard shortcuts that save time',
            description: 'Five shortcuts worth learning this week.',
            paragraphs: [
              'Ctrl+C copies, Ctrl+V pastes and Ctrl+Z undoes your last change. Ctrl+F finds a word in a document or a web page, and Alt+Tab switches between open windows. On a Mac, use Cmd instead of Ctrl.',
              'Practise one shortcut a day until your hand reaches for it without thinking. After a week you will notice how much less you need the mouse, and how much faster routine work becomes.',
            ],
          },
        ],
      },
      {
        key: 'email',
        title: 'Email that gets answered',
        description: 'Writing messages people act on.',
        video: true,
        paragraphs: [
          'A good e-mail has one purpose, a subject line that names it, and a first sentence that says what you need. Busy readers decide in a few seconds whether to act now or later; make it easy for them to act now.',
          'Keep it short, use a greeting and a closing, and read it once aloud before you press Send.',
        ],
        subLessons: [
          {
            key: 'subject-lines',
            title: 'Writing a clear subject line',
            description: 'Say what you need before the message is opened.',
            paragraphs: [
              'A subject line is a promise about what is inside. "Question" tells the reader nothing; "Invoice 112 due Friday: can you confirm the amount?" tells them what, when and what you expect.',
              'If a message needs an answer by a date, put the date in the subject. If it is only for information, say so with "FYI:" at the start, so that the reader can file it without worry.',
            ],
          },
          {
            key: 'attachments',
            title: 'Attachments and links',
            description: 'Send files that arrive and open.',
            video: true,
            paragraphs: [
              'Before you attach a file, check its size: many mail servers refuse anything above about 20 MB. For large files, share a link from an online storage service instead.',
              'Mention every attachment in the body of the message, and export documents to PDF when the reader only needs to read them.',
            ],
          },
        ],
      },
      {
        key: 'online-documents',
        title: 'Working with online documents',
        description: 'Write together, comment and keep every version.',
        paragraphs: [
          'Online documents live on the internet rather than on one computer, so several people can open and edit the same file at the same time. This ends the confusion of "final_v3_really_final.docx" sent back and forth by e-mail.',
          'Use comments to ask questions or suggest changes without touching the text, and use the version history to see who changed what and to go back to an earlier version when needed. Nothing is lost.',
        ],
        subLessons: [
          {
            key: 'sharing-safely',
            title: 'Sharing safely',
            description: 'Decide who can see, comment or edit.',
            paragraphs: [
              'When you share a document you choose a level: view, comment or edit. Give each person the lowest level that lets them do their part. A client who only needs to read a quote should not be able to change the price.',
              'Be careful with "anyone with the link" sharing: links get forwarded. For anything that contains personal data, such as phone numbers, ID numbers or salaries, share with named people only.',
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'web-development',
    title: 'Introduction to Web Development',
    description:
      'Build and publish your first web pages with HTML and CSS. You will understand how the web works, write clean, accessible pages and lay them out for phones and laptops alike.',
    courseType: 'free',
    palette: { from: '#7c3aed', to: '#db2777', accent: '#f9a8d4' },
    lessons: [
      {
        key: 'how-the-web-works',
        title: 'How the web works',
        description: 'Browsers, servers and addresses.',
        video: true,
        paragraphs: [
          'When you open a web page, your browser sends a request to a server somewhere in the world. The server answers with files: HTML for the structure, CSS for the look and JavaScript for behaviour. The browser puts them together on your screen.',
          'Every page has an address, the URL, and the conversation between browser and server follows a set of rules called HTTP.',
        ],
        subLessons: [
          {
            key: 'typing-an-address',
            title: 'What happens when you type an address',
            description: 'From the address bar to the first pixel.',
            paragraphs: [
              'First, the browser asks the Domain Name System (DNS) which computer holds the name you typed, a bit like looking up a contact in your phone. It gets back a numeric IP address.',
              'Then it opens a secure connection to that computer, sends an HTTP request such as "GET /courses", and receives a response with a status code (200 means OK, 404 means not found) and the content. The browser reads the HTML, fetches any images, styles and scripts it mentions, and draws the page.',
            ],
          },
        ],
      },
      {
        key: 'first-html-page',
        title: 'Your first HTML page',
        description: 'Tags, elements and the skeleton of every page.',
        paragraphs: [
          'HTML describes what each part of a page is: a heading, a paragraph, a list, a link. You mark parts with tags written in angle brackets. A paragraph starts with <p> and ends with </p>; the whole thing is called an element.',
          'Every page has the same skeleton: a <!doctype html> line, an <html> element, a <head> with the title and other information about the page, and a <body> with what visitors see. Create a file called index.html with that skeleton, open it in your browser, and you have written a web page.',
        ],
        subLessons: [
          {
            key: 'headings-links',
            title: 'Headings, paragraphs and links',
            description: 'Structure text so that people and search engines follow it.',
            paragraphs: [
              'Use headings from <h1> to <h6> to show the outline of your page, with one <h1> for the main title. Screen readers and search engines use this outline to understand the page, so choose headings by meaning, not by size.',
              'Links are made with the <a> element and its href attribute: <a href="https://example.com">Visit</a>. Write link text that makes sense on its own: "Download the timetable" is better than "click here".',
            ],
          },
          {
            key: 'images-accessibility',
            title: 'Images and accessibility',
            description: 'Add images everyone can understand.',
            video: true,
            paragraphs: [
              'Images are added with the <img> element, and every image needs an alt attribute that describes it for people who cannot see it.',
              'Keep images small: resize them to the size they are shown at, and prefer modern formats such as WebP so that pages load quickly on mobile data.',
            ],
          },
        ],
      },
      {
        key: 'styling-css',
        title: 'Styling with CSS',
        description: 'Colours, spacing and the box model.',
        paragraphs: [
          'CSS is a list of rules. Each rule picks elements with a selector and sets properties on them, for example: p { color: #1f2937; line-height: 1.6; }. Put your rules in a separate file, styles.css, and link it from the <head> of your page.',
          'Every element is a box: content, then padding, then a border, then margin. Most layout surprises come from forgetting one of these layers. Add box-sizing: border-box to all elements and widths will include padding and border, which is what most people expect.',
        ],
        subLessons: [
          {
            key: 'flexbox',
            title: 'Layouts with Flexbox',
            description: 'Rows and columns that adapt to the screen.',
            paragraphs: [
              'Flexbox lines up the children of an element in a row or a column. Set display: flex on the parent, then use gap for the space between items, justify-content to spread them along the line and align-items to line them up across it.',
              'Add flex-wrap: wrap and the items move to a new line when the screen is narrow. With a few lines of CSS, the same page works on a small phone and on a wide laptop screen.',
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'personal-finance',
    title: 'Personal Finance with Mobile Money',
    description:
      'Plan a monthly budget, save with mobile money and savings groups, and protect yourself from fraud. Practical money habits for students, young workers and families.',
    courseType: 'free',
    palette: { from: '#047857', to: '#ca8a04', accent: '#fde68a' },
    lessons: [
      {
        key: 'monthly-budget',
        title: 'Building a monthly budget',
        description: 'Know where your money goes before it goes.',
        paragraphs: [
          'A budget is a plan for your money, made before the month starts. Write down your income for the month, then list what must be paid: rent, transport, food, school fees, airtime. What remains is what you can save or spend on other things.',
          'The plan will not be perfect the first month. Compare it with what really happened, adjust, and try again. After three months most people have a budget that fits their life, and far fewer surprises at the end of the month.',
        ],
        subLessons: [
          {
            key: 'tracking-spending',
            title: 'Tracking spending for 30 days',
            description: 'A simple notebook exercise that changes habits.',
            paragraphs: [
              'For one month, write down every amount you spend, however small: a moto ride, a snack, a data bundle. Use a notebook or the notes app on your phone, and write it down as soon as you pay.',
              'At the end of the month, group the amounts into a few categories and add them up. Most people find one or two categories that are much larger than they thought. That is where small changes save the most money.',
            ],
          },
          {
            key: 'needs-wants-savings',
            title: 'Needs, wants and savings',
            description: 'A rule of thumb for sharing out your income.',
            video: true,
            paragraphs: [
              'Split your income into needs (rent, food, transport), wants (outings, new clothes) and savings. A common starting point is half for needs, a third for wants and the rest for savings, adjusted to your situation.',
              'Pay your savings first, on the day income arrives, so that they do not depend on what is left at the end of the month.',
            ],
          },
        ],
      },
      {
        key: 'saving',
        title: 'Saving with mobile money and savings groups',
        description: 'Put small amounts aside, regularly, where they are safe.',
        video: true,
        paragraphs: [
          'Mobile money makes small, regular saving easy: many providers offer a savings wallet separate from your everyday balance, so that money set aside is not spent by accident.',
          'Savings groups add encouragement from people you trust. Together, a regular amount and a group that expects it build a habit faster than willpower alone.',
        ],
        subLessons: [
          {
            key: 'savings-groups',
            title: 'How a savings group (ikimina) works',
            description: 'Rotating savings with people you trust.',
            paragraphs: [
              'In a savings group, or ikimina, members agree to contribute a fixed amount every week or month. Each time, the whole pot goes to one member, in an agreed order, until everyone has received it once. Some groups also keep part of the money to lend to members at a small interest.',
              'Good groups write their rules down: the amount, the dates, the order, and what happens when someone pays late. Keep a record of every contribution, ideally through mobile money so that each payment leaves a trace.',
            ],
          },
        ],
      },
      {
        key: 'fraud',
        title: 'Staying safe from fraud',
        description: 'Recognise the tricks and keep your money.',
        paragraphs: [
          'Most mobile money fraud relies on hurry and trust. A caller says you received money by mistake and asks you to send it back; a message announces a prize that needs a "fee"; someone claims to be from your provider and asks for your PIN. Slow down: real providers never ask for your PIN.',
          'Before sending money back, check your balance yourself through the official menu, not through a link or a number in the message. If in doubt, call your provider on the number printed on its official channels, and report the number that contacted you.',
        ],
        subLessons: [
          {
            key: 'pin-and-sim',
            title: 'Protecting your PIN and SIM',
            description: 'Small habits that close the door to thieves.',
            paragraphs: [
              'Choose a PIN that is not your birth year or 1234, never write it on your phone or its cover, and cover the keypad when you type it at an agent. Change it at once if you think someone saw it.',
              'If your phone is lost or stolen, call your provider immediately to block the SIM and the mobile money account. Set a screen lock on your phone as well: it buys you the minutes you need to make that call.',
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'data-analysis',
    title: 'Data Analysis with Spreadsheets',
    description:
      'Turn raw sales, survey or stock data into clear answers and charts. Cleaning data, formulas that answer real questions, pivot tables and honest charts, with a certificate on completion.',
    courseType: 'premium',
    palette: { from: '#0e7490', to: '#1e3a8a', accent: '#67e8f9' },
    lessons: [
      {
        key: 'clean-data',
        title: 'Clean data before you analyse it',
        description: 'Most of the work, and most of the value.',
        paragraphs: [
          'Real data is messy: the same customer spelled three ways, dates typed as text, empty cells, totals mixed in with the rows. Any analysis built on messy data gives confident but wrong answers, so cleaning comes first.',
          'Keep the original data untouched on its own sheet and do your cleaning on a copy. Make one row per record and one column per field, with a single header row. This "tidy" shape is what formulas, filters and pivot tables expect.',
        ],
        subLessons: [
          {
            key: 'duplicates-formats',
            title: 'Removing duplicates and fixing formats',
            description: 'Make every value mean one thing.',
            paragraphs: [
              'Use TRIM to remove stray spaces, PROPER or UPPER to make names consistent, and the Remove duplicates tool once you have decided which columns identify a record. Check the number of rows before and after, and write it down.',
              'Convert dates typed as text into real dates, and numbers stored as text into numbers: right-aligned cells are a good sign that a value is a number. A column should hold one kind of value only; move notes such as "to be confirmed" into a separate column.',
            ],
          },
          {
            key: 'outliers',
            title: 'Spotting outliers',
            description: 'Find the values that do not belong.',
            video: true,
            paragraphs: [
              'Sort each numeric column and look at both ends: a sale of 1,500,000 in a column of 15,000s is either your best day or a typing error.',
              'Use conditional formatting to colour values far from the average, then check each one against its source before deciding to keep, fix or remove it.',
            ],
          },
        ],
      },
      {
        key: 'formulas',
        title: 'Formulas that answer questions',
        description: 'SUMIFS, COUNTIFS and lookups.',
        video: true,
        paragraphs: [
          'Most business questions are "how much" or "how many" under some conditions: sales in March, customers in Nyarugenge, orders above a certain amount. SUMIFS and COUNTIFS answer exactly these, with one formula per question.',
          'Write each question in plain words next to its formula, so that anyone reading the sheet knows what the number means.',
        ],
        subLessons: [
          {
            key: 'lookups',
            title: 'Lookups without tears',
            description: 'Bring information from one table into another.',
            paragraphs: [
              'A lookup finds a value in one table and brings back information from the same row: the price of a product code, the region of a branch. XLOOKUP (or INDEX with MATCH in older spreadsheets) does this reliably, even when the columns move.',
              'Always decide what should happen when nothing is found, and make it visible, for example with the text "not found", instead of an error or a silent zero. Lookups fail quietly when codes contain extra spaces, so clean both tables first.',
            ],
          },
        ],
      },
      {
        key: 'pivot-tables',
        title: 'Pivot tables and charts',
        description: 'Summaries in seconds, and charts that tell the truth.',
        paragraphs: [
          'A pivot table summarises thousands of rows without a single formula. Choose what goes in rows (for example, product), in columns (month) and in values (sum of sales), and the spreadsheet builds the table. Drag fields around to ask a new question.',
          'When the data changes, refresh the pivot table rather than rebuilding it. Keep your source data as a formatted table so that new rows are included automatically.',
        ],
        subLessons: [
          {
            key: 'choosing-charts',
            title: 'Choosing the right chart',
            description: 'Match the chart to the question.',
            paragraphs: [
              'Use a line chart for change over time, a bar chart to compare categories, and a stacked bar or a pie (sparingly) for parts of a whole. If the reader has to think about how to read the chart, it is the wrong chart.',
              'Start value axes at zero for bars, label the axes with units, and write the conclusion as the title: "Sales doubled after the March promotion" says more than "Sales by month".',
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'small-business',
    title: 'Starting a Small Business in Rwanda',
    description:
      'Go from idea to paying customers: test your offer, price it, register the business, keep simple books and find your first hundred customers. Written with Kigali entrepreneurs.',
    courseType: 'premium',
    palette: { from: '#b45309', to: '#9f1239', accent: '#fdba74' },
    lessons: [
      {
        key: 'idea-to-offer',
        title: 'From idea to offer',
        description: 'Start from a problem people pay to solve.',
        paragraphs: [
          'Successful small businesses rarely start with a product. They start with a problem that real people have, often, and are already spending money or time on. Write down who has the problem, how they solve it today and what that costs them.',
          'Then describe your offer in one sentence: for whom, what it does, and why it is better than what they do today. If you cannot say it in one sentence, customers will not understand it either.',
        ],
        subLessons: [
          {
            key: 'customer-conversations',
            title: 'Talking to customers before you build',
            description: 'Ten conversations that save months of work.',
            paragraphs: [
              'Before spending money, talk to ten people who have the problem. Ask about the last time it happened, what they did and what it cost. Avoid asking "would you buy this?": people are kind and say yes. Ask what they already pay for instead.',
              'Take notes and look for patterns. If most people describe the same pain in similar words, you have found something. Use their words in your marketing later.',
            ],
          },
          {
            key: 'pricing',
            title: 'Pricing your first product',
            description: 'Cover your costs and charge for the value.',
            video: true,
            paragraphs: [
              'Add up what one unit really costs you, including transport, packaging and your own time, and never price below it.',
              'Then look at what customers pay today for their current solution. Price by the value you add, and test: it is easier to lower a price than to raise it.',
            ],
          },
        ],
      },
      {
        key: 'registration',
        title: 'Registering and staying compliant',
        description: 'The formal steps, and where to check them.',
        video: true,
        paragraphs: [
          'In Rwanda, businesses are registered with the Rwanda Development Board (RDB), and the registration can be done online. Registered businesses are known to the Rwanda Revenue Authority (RRA) for tax purposes.',
          'Rules and thresholds change: check the current requirements on the official RDB and RRA websites, and keep every certificate and receipt in one folder.',
        ],
        subLessons: [
          {
            key: 'simple-books',
            title: 'Keeping simple books',
            description: 'Record every franc in and out.',
            paragraphs: [
              'Keep business money separate from personal money, ideally in its own mobile money or bank account. Then record every sale and every expense on the day it happens, with the date, the amount, what it was for and a receipt number.',
              'At the end of each month, add up income and expenses. The difference is your profit or loss, and the trend over a few months tells you more than any single month. These records also make tax declarations and loan applications much easier.',
            ],
          },
        ],
      },
      {
        key: 'first-customers',
        title: 'Reaching your first hundred customers',
        description: 'Where to find them and how to keep them.',
        paragraphs: [
          'Your first customers are usually within two steps of you: friends, former colleagues, neighbours, members of your church or savings group, and the people they know. Tell them clearly what you sell and ask them to introduce you to one person who needs it.',
          'Serve these first customers exceptionally well and ask for feedback. A satisfied customer who recommends you is worth more than any advertisement, and their comments show you what to improve before you grow.',
        ],
        subLessons: [
          {
            key: 'social-selling',
            title: 'Selling on WhatsApp and social media',
            description: 'Turn conversations into orders.',
            paragraphs: [
              'Use a business account with a clear name, a photo of your product and your opening hours. Post regularly: a real photo of today’s stock, a short customer story, a tip related to your product. Aim to be useful, not only to sell.',
              'Reply quickly, confirm orders in writing with the price and the delivery time, and accept payment by mobile money so that every sale is recorded. Keep a simple list of customers who agreed to hear from you, and respect those who ask to stop.',
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'fullstack-javascript',
    title: 'Full-Stack JavaScript: Build a Web App',
    description:
      'Build a complete web application in JavaScript: modern language features, an API with Node.js, a React front end and deployment. For learners who know basic HTML and CSS.',
    courseType: 'premium',
    palette: { from: '#111827', to: '#4338ca', accent: '#facc15' },
    lessons: [
      {
        key: 'js-foundations',
        title: 'JavaScript foundations',
        description: 'Values, functions and objects, the modern way.',
        paragraphs: [
          'Declare variables with const by default and let when the value must change; avoid var. Functions are values too: you can store them in variables, pass them to other functions and return them, which is what makes JavaScript so flexible.',
          'Objects group related values under names, like { name: "Aline", city: "Kigali" }, and arrays hold ordered lists. Nearly all data in a web application, from a form to an API response, is a combination of these two.',
        ],
        subLessons: [
          {
            key: 'arrays',
            title: 'Working with arrays',
            description: 'map, filter and reduce instead of loops.',
            paragraphs: [
              'map makes a new array by transforming each element, filter keeps the elements that pass a test, and find returns the first one that does. Chained together, they describe what you want rather than how to loop: orders.filter(o => o.paid).map(o => o.total).',
              'These methods do not change the original array, which avoids a whole family of bugs. When you need a single value out of a list, such as a total, reach for reduce.',
            ],
          },
          {
            key: 'async',
            title: 'Promises and async/await',
            description: 'Wait for the network without freezing the page.',
            video: true,
            paragraphs: [
              'Anything that takes time, such as a network request or reading a file, returns a promise: a value that will arrive later.',
              'Inside an async function, await pauses until the promise settles, so asynchronous code reads top to bottom. Wrap it in try/catch to handle failures.',
            ],
          },
        ],
      },
      {
        key: 'node-api',
        title: 'Building an API with Node.js',
        description: 'Routes, JSON and status codes.',
        video: true,
        paragraphs: [
          'An API is a set of addresses that answer with data instead of pages. With Node.js and a framework such as Fastify or Express, each route is a function that receives a request and returns JSON.',
          'Use status codes honestly: 201 when something was created, 400 for bad input, 401 when the user must sign in, 404 when nothing is there.',
        ],
        subLessons: [
          {
            key: 'validating-input',
            title: 'Validating input',
            description: 'Never trust what arrives from the network.',
            paragraphs: [
              'Every value that reaches your API comes from outside and may be missing, malformed or malicious. Describe the expected shape once, with a schema library such as zod, and check every request against it before doing anything else.',
              'Answer invalid input with 400 and a message that tells the user what to fix, such as "Please enter a valid email address." Never include stack traces or database errors in responses: log them on the server instead.',
            ],
          },
        ],
      },
      {
        key: 'react-front-end',
        title: 'Connecting a React front end',
        description: 'Components, state and calling your API.',
        paragraphs: [
          'React builds interfaces from components: functions that take data (props) and return what to show. When the state of a component changes, React updates the page for you, so you describe what the screen should look like rather than how to change it.',
          'Fetch data from your API when a component needs it, and always handle three cases: loading, error and success. Libraries such as TanStack Query take care of caching and retries so that your components stay simple.',
        ],
        subLessons: [
          {
            key: 'deploying',
            title: 'Deploying your app',
            description: 'From your laptop to a public address.',
            paragraphs: [
              'To deploy, build the front end into static files, run the API on a server, and put both behind one address with HTTPS. Keep secrets such as database passwords in environment variables, never in your code.',
              'Automate the steps in a script so that every deployment is the same, and check the application after each one. Start small: one server and one database are enough for your first thousand users.',
            ],
          },
        ],
      },
    ],
  },
];

export const demoBlogs: DemoBlog[] = [
  {
    key: 'learning-on-mobile-data',
    title: 'Learning online when data is expensive',
    palette: { from: '#0f766e', to: '#1d4ed8', accent: '#99f6e4' },
    paragraphs: [
      'Many of our learners study on a phone, with a data bundle that has to last the month. Online learning should not depend on unlimited Wi-Fi, so here is how to get the most from every megabyte.',
      'Text lessons cost almost nothing to load: read them first, and take notes in a notebook rather than re-opening the lesson later. Keep video lessons for when you are connected to Wi-Fi, at work, at a library or in one of Kigali’s many cafés and innovation hubs, and watch them once with full attention rather than several times in the background.',
      'Your progress is saved on our side as soon as you mark a lesson complete, so you can stop at any time and continue on another device. Short, regular sessions of twenty minutes work better than a long session once a week, and they are kinder to your data bundle too.',
    ],
  },
  {
    key: 'habits-of-finishers',
    title: 'Five habits of learners who finish their courses',
    palette: { from: '#7c3aed', to: '#0e7490', accent: '#c4b5fd' },
    paragraphs: [
      'Most people who start an online course never finish it. The ones who do are rarely the most talented; they are the ones with a few simple habits. Here are the five we see most often among learners who earn their certificate.',
      'First, they choose a fixed time: the same twenty minutes every morning before work, or every evening after dinner. Second, they learn in order, lesson by lesson, and mark each one complete, so that they always know where to pick up again. Third, they write down one thing they will use from each lesson.',
      'Fourth, they tell someone: a friend, a colleague or a study group that asks how it is going. Fifth, they forgive a missed day and simply start again the next one. A course is finished one lesson at a time.',
    ],
  },
  {
    key: 'spreadsheets-for-small-business',
    title: 'Why every small business needs a simple spreadsheet',
    palette: { from: '#b45309', to: '#047857', accent: '#fde68a' },
    paragraphs: [
      'Ask a small business owner in Kimironko or Nyabugogo how the last month went and you will often hear "it was fine". A simple spreadsheet turns that feeling into numbers: what came in, what went out and what is left.',
      'You do not need accounting software to start. One sheet with a row per sale or expense, and columns for the date, the description, the amount and whether it is income or an expense, is enough. Add it up at the end of each month and compare with the month before.',
      'After a few months, patterns appear: the best days of the week, the products that really make money, the costs that grow quietly. Our Data Analysis with Spreadsheets course shows how to go further with formulas, pivot tables and charts.',
    ],
  },
];

/** A demo course's closing quiz (issue 17): the last item of its last lesson. */
export interface DemoQuiz {
  title: string;
  description: string;
  quiz: Quiz;
}

const choices = (right: string, ...wrong: string[]) => [
  { id: 'a', text: right, correct: true },
  ...wrong.map((text, index) => ({ id: String.fromCharCode(98 + index), text, correct: false })),
];
const trueFalse = (answer: boolean) => [
  { id: 'true', text: 'True', correct: answer },
  { id: 'false', text: 'False', correct: !answer },
];
const quizOf = (questions: Quiz['questions']): Quiz => ({
  passMark: 70,
  maxAttempts: null,
  shuffle: true,
  questions,
});

/** One quiz per demo course, by course key: every kind of question, each with feedback. */
export const demoQuizzes: Record<string, DemoQuiz> = {
  'digital-skills': {
    title: 'Check your understanding',
    description: 'Three questions on files, e-mail and shared documents.',
    quiz: quizOf([
      {
        id: 'subject',
        kind: 'single',
        prompt: 'Which subject line is most likely to get a quick answer?',
        choices: choices('Invoice 42: payment due Friday', 'Hello', 'Important!!!'),
        answers: [],
        feedbackCorrect: 'Yes: it says what the mail is about and what is needed.',
        feedbackIncorrect: 'A good subject says what the mail is about and what is needed.',
      },
      {
        id: 'sharing',
        kind: 'multiple',
        prompt: 'Which are safe ways to share a document?',
        choices: choices(
          'Share with named people only',
          'Post the edit link in a public group',
        ).concat([
          { id: 'c', text: 'Give view-only access when editing is not needed', correct: true },
        ]),
        answers: [],
        feedbackIncorrect: 'Share with named people, and give only the access they need.',
      },
      {
        id: 'shortcut',
        kind: 'short',
        prompt: 'Which key do you hold with C to copy on most computers (Ctrl or Alt)?',
        choices: [],
        answers: ['Ctrl', 'Control'],
        feedbackIncorrect: 'Ctrl + C copies, Ctrl + V pastes.',
      },
    ]),
  },
  'web-development': {
    title: 'Check your understanding',
    description: 'Three questions on the web, HTML and CSS.',
    quiz: quizOf([
      {
        id: 'tag',
        kind: 'single',
        prompt: 'Which HTML element makes a link?',
        choices: choices('<a>', '<link>', '<href>'),
        answers: [],
        feedbackIncorrect: 'A link is an <a> element with an href attribute.',
      },
      {
        id: 'alt',
        kind: 'trueFalse',
        prompt: 'An image needs alt text so that people who cannot see it know what it shows.',
        choices: trueFalse(true),
        answers: [],
      },
      {
        id: 'flex',
        kind: 'short',
        prompt: 'Which CSS display value lays children out in a row or a column?',
        choices: [],
        answers: ['flex', 'display: flex'],
        feedbackIncorrect: 'display: flex makes a flexbox.',
      },
    ]),
  },
  'personal-finance': {
    title: 'Check your understanding',
    description: 'Three questions on budgets, savings and fraud.',
    quiz: quizOf([
      {
        id: 'pin',
        kind: 'trueFalse',
        prompt: 'A real mobile money agent may ask for your PIN.',
        choices: trueFalse(false),
        answers: [],
        feedbackIncorrect: 'Never share your PIN, with anyone.',
      },
      {
        id: 'needs',
        kind: 'multiple',
        prompt: 'Which of these are needs rather than wants?',
        choices: choices('Rent', 'A new phone every year').concat([
          { id: 'c', text: 'School fees', correct: true },
        ]),
        answers: [],
      },
      {
        id: 'ikimina',
        kind: 'short',
        prompt: 'What is a savings group called in Kinyarwanda?',
        choices: [],
        answers: ['ikimina', 'ibimina'],
      },
    ]),
  },
  'data-analysis': {
    title: 'Check your understanding',
    description: 'Three questions on clean data, formulas and pivot tables.',
    quiz: quizOf([
      {
        id: 'sum',
        kind: 'single',
        prompt: 'Which formula adds the values of A1 to A10?',
        choices: choices('=SUM(A1:A10)', '=ADD(A1-A10)', '=A1+A10'),
        answers: [],
      },
      {
        id: 'clean',
        kind: 'trueFalse',
        prompt: 'Duplicates should be removed before you count rows.',
        choices: trueFalse(true),
        answers: [],
      },
      {
        id: 'pivot',
        kind: 'short',
        prompt: 'Which table summarises data by groups in a few clicks?',
        choices: [],
        answers: ['pivot table', 'a pivot table', 'pivot'],
      },
    ]),
  },
  'small-business': {
    title: 'Check your understanding',
    description: 'Three questions on offers, registration and customers.',
    quiz: quizOf([
      {
        id: 'rdb',
        kind: 'short',
        prompt: 'Which Rwandan body registers a new business (its initials)?',
        choices: [],
        answers: ['RDB', 'Rwanda Development Board'],
      },
      {
        id: 'offer',
        kind: 'single',
        prompt: 'A good first offer is…',
        choices: choices(
          'Small, clear and easy to try',
          'Everything at once',
          'Secret until launch',
        ),
        answers: [],
      },
      {
        id: 'customers',
        kind: 'multiple',
        prompt: 'Which help find your first customers?',
        choices: choices('Asking people you know for feedback', 'Waiting to be found').concat([
          { id: 'c', text: 'Showing your work where customers already are', correct: true },
        ]),
        answers: [],
      },
    ]),
  },
  'fullstack-javascript': {
    title: 'Check your understanding',
    description: 'Three questions on JavaScript, Node and React.',
    quiz: quizOf([
      {
        id: 'const',
        kind: 'single',
        prompt: 'Which keyword declares a variable that is never reassigned?',
        choices: choices('const', 'var', 'let'),
        answers: [],
      },
      {
        id: 'json',
        kind: 'trueFalse',
        prompt: 'An API usually answers in JSON.',
        choices: trueFalse(true),
        answers: [],
      },
      {
        id: 'hook',
        kind: 'short',
        prompt: 'Which React hook keeps a value between renders and re-renders when it changes?',
        choices: [],
        answers: ['useState'],
      },
    ]),
  },
};
