/// The conformance-test rules of storage-service.md §6 (rules v2).
enum ConformanceRules {
    static let text = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /topLevel {
              allow list;
            }
            match /disallowSize0 {
              allow create: if request.resource.size != 0;
            }
            match /testing/{rest=**} {
              allow read, create, update, delete: if request.auth != null;
            }
            match /listAll/{rest=**} {
              allow list;
            }
            match /delete/disallowIfContentTypeText {
              allow create;
              allow delete: if resource.contentType != 'text/plain';
            }
            match /upload/allowIfContentTypeImage.png {
              allow create: if request.resource.contentType == 'image/blah';
            }
            match /upload/replace.txt {
              allow read, create;
            }
            match /upload/allowIfNoExistingFile.txt {
              allow create: if resource == null;
            }
            match /public/{rest=**} {
              allow read, write;
            }
          }
        }

        """

    static let openText = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /{allPaths=**} {
              allow read, write;
            }
          }
        }

        """

    static let denyText = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /{allPaths=**} {
              allow read, write: if false;
            }
          }
        }

        """
}
