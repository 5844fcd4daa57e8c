import Foundation
import FoundationNetworking
import FoundationXML

// fetch-foundation URL: fetches with URLSession (5 s for the whole resource, 1 MiB cap through
// the delegate), parses with XMLParser, prints "TITLE: N items" or the error line. Without an
// argument, exits at once (start-up cost).
let arguments = CommandLine.arguments
guard arguments.count > 1, let url = URL(string: arguments[1]) else { exit(0) }

final class Collector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  var body = Data()
  var error: String?
  let done = DispatchSemaphore(value: 0)

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    body.append(data)
    if body.count > 1 << 20 {
      error = "feed is larger than 1 MiB"
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    if let error, self.error == nil { self.error = error.localizedDescription }
    if let response = task.response as? HTTPURLResponse, response.statusCode >= 400 {
      self.error = "HTTP \(response.statusCode)"
    }
    done.signal()
  }
}

final class FeedCounter: NSObject, XMLParserDelegate {
  var items = 0
  var title = ""
  var inTitle = false
  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    if name == "item" || name == "entry" { items += 1 }
    inTitle = name == "title" && items == 0 && title.isEmpty
  }
  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inTitle { title += string }
  }
  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) { inTitle = false }
}

let configuration = URLSessionConfiguration.ephemeral
configuration.timeoutIntervalForRequest = 5
configuration.timeoutIntervalForResource = 5
let collector = Collector()
let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
session.dataTask(with: url).resume()
collector.done.wait()
if let error = collector.error {
  print("error: \(error)")
  exit(1)
}
let parser = XMLParser(data: collector.body)
let counter = FeedCounter()
parser.delegate = counter
guard parser.parse() else {
  print("error: \(parser.parserError?.localizedDescription ?? "not XML")")
  exit(1)
}
print("\(counter.title): \(counter.items) items")
